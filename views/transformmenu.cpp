#include "views/transformmenu.h"

#include <QAbstractItemView>
#include <QKeyEvent>
#include <QMenu>

TransformMenu::TransformMenu(QAbstractItemView* view, const xsprof::Profile* profile, FrameOf frameOf)
    : QObject(view), m_view(view), m_profile(profile), m_frameOf(std::move(frameOf))
{
    view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(view, &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
        const QModelIndex index = m_view->indexAt(pos);
        if (QMenu* menu = menuFor(index, m_view)) {
            menu->setAttribute(Qt::WA_DeleteOnClose);
            menu->popup(m_view->viewport()->mapToGlobal(pos));
        }
    });
    view->installEventFilter(this);
}

void TransformMenu::request(xsprof::TransformKind kind, xsprof::FrameId frame)
{
    if (!m_profile || !frame.isValid() || !xsprof::transformApplies(*m_profile, kind))
        return;
    if (kind == xsprof::TransformKind::MergeUrl) {
        emit transformRequested(xsprof::Transform::mergeUrl(std::string(m_profile->frameUrl(frame))));
        return;
    }
    emit transformRequested(xsprof::Transform::byFrame(kind, *m_profile, frame));
}

QMenu* TransformMenu::menuFor(const QModelIndex& index, QWidget* parent)
{
    const xsprof::FrameId frame = index.isValid() ? m_frameOf(index) : xsprof::FrameId();
    if (!m_profile || !frame.isValid())
        return nullptr;
    auto* menu = new QMenu(parent);
    const QString name = QString::fromUtf8(m_profile->frameName(frame));
    const auto add = [&](const QString& text, const QKeySequence& key, xsprof::TransformKind kind) {
        QAction* a = menu->addAction(text, this, [this, kind, frame] { request(kind, frame); });
        a->setShortcut(key);
        if (!xsprof::transformApplies(*m_profile, kind)) {
            a->setEnabled(false);
            a->setToolTip(tr("A graph-encoded profile (xst -p) has no per-path stacks: only merge and drop apply"));
        }
        return a;
    };
    add(tr("Focus on %1").arg(name), QKeySequence(Qt::Key_F), xsprof::TransformKind::Focus);
    add(tr("Merge %1 into its callers").arg(name), QKeySequence(Qt::Key_M), xsprof::TransformKind::Merge);
    add(tr("Drop samples with %1").arg(name), QKeySequence(Qt::Key_D), xsprof::TransformKind::Drop);
    add(tr("Collapse recursion of %1").arg(name), QKeySequence(Qt::Key_R), xsprof::TransformKind::CollapseRecursion);
    const std::string_view url = m_profile->frameUrl(frame);
    QAction* file = add(tr("Merge every function of %1").arg(QString::fromUtf8(url.data(), qsizetype(url.size()))), {},
                        xsprof::TransformKind::MergeUrl);
    file->setEnabled(file->isEnabled() && !url.empty());
    menu->setToolTipsVisible(true);
    menu->addSeparator();
    QAction* callers = menu->addAction(tr("Show callers and callees"), this,
                                       [this, frame] { emit callersCalleesRequested(frame); });
    callers->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    return menu;
}

bool TransformMenu::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != m_view || event->type() != QEvent::KeyPress)
        return QObject::eventFilter(watched, event);
    auto* key = static_cast<QKeyEvent*>(event);
    if (key->modifiers() & ~Qt::KeypadModifier)
        return false;
    xsprof::TransformKind kind;
    switch (key->key()) {
    case Qt::Key_F: kind = xsprof::TransformKind::Focus; break;
    case Qt::Key_M: kind = xsprof::TransformKind::Merge; break;
    case Qt::Key_D: kind = xsprof::TransformKind::Drop; break;
    case Qt::Key_R: kind = xsprof::TransformKind::CollapseRecursion; break;
    default: return false;
    }
    const QModelIndex current = m_view->currentIndex();
    if (!current.isValid())
        return false;
    request(kind, m_frameOf(current));
    return true; // not a keyboard search in the view
}
