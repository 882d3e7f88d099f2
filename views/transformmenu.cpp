#include "views/transformmenu.h"

#include <QAbstractItemView>
#include <QKeyEvent>
#include <QMenu>

namespace {
const char* graphTip = QT_TRANSLATE_NOOP("TransformMenu", "A graph-encoded profile (xst -p) has no per-path stacks: "
                                                          "only merge and drop apply");
}

TransformMenu::TransformMenu(QAbstractItemView* view, const xsprof::Profile* profile, FrameOf frameOf, PathOf pathOf)
    : QObject(view), m_widget(view), m_view(view), m_profile(profile), m_frameOf(std::move(frameOf)),
      m_pathOf(std::move(pathOf))
{
    m_current = [this] { return targetOf(m_view->currentIndex()); };
    view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(view, &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
        if (QMenu* menu = menuFor(m_view->indexAt(pos), m_view)) {
            menu->setAttribute(Qt::WA_DeleteOnClose);
            menu->popup(m_view->viewport()->mapToGlobal(pos));
        }
    });
    view->installEventFilter(this);
}

TransformMenu::TransformMenu(QWidget* widget, const xsprof::Profile* profile, TargetAt targetAt, CurrentTarget current)
    : QObject(widget), m_widget(widget), m_profile(profile), m_current(std::move(current))
{
    widget->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(widget, &QWidget::customContextMenuRequested, this, [this, targetAt](const QPoint& pos) {
        if (QMenu* menu = menuFor(targetAt(pos), m_widget)) {
            menu->setAttribute(Qt::WA_DeleteOnClose);
            menu->popup(m_widget->mapToGlobal(pos));
        }
    });
    widget->installEventFilter(this);
}

std::vector<xsprof::FrameId> TransformMenu::pathOfTreeRow(const QModelIndex& index, int frameRole)
{
    std::vector<xsprof::FrameId> path;
    for (QModelIndex i = index.siblingAtColumn(0); i.isValid(); i = i.parent())
        path.insert(path.begin(), xsprof::FrameId(i.data(frameRole).toUInt()));
    return path;
}

TransformMenu::Target TransformMenu::targetOf(const QModelIndex& index) const
{
    Target target;
    if (!index.isValid())
        return target;
    target.frame = m_frameOf(index);
    if (m_pathOf && target.frame.isValid())
        target.path = m_pathOf(index);
    return target;
}

void TransformMenu::request(xsprof::TransformKind kind, const Target& target)
{
    if (!m_profile || !target.frame.isValid() || target.frame.value >= m_profile->frames.size()
        || !xsprof::transformApplies(*m_profile, kind))
        return;
    if (kind == xsprof::TransformKind::MergeUrl) {
        emit transformRequested(xsprof::Transform::mergeUrl(std::string(m_profile->frameUrl(target.frame))));
        return;
    }
    if (kind == xsprof::TransformKind::FocusSubtree) {
        if (!target.path.empty())
            emit transformRequested(xsprof::Transform::subtree(*m_profile, target.path));
        return;
    }
    emit transformRequested(xsprof::Transform::byFrame(kind, *m_profile, target.frame));
}

QMenu* TransformMenu::menuFor(const QModelIndex& index, QWidget* parent)
{
    return menuFor(targetOf(index), parent);
}

QMenu* TransformMenu::menuFor(const Target& target, QWidget* parent)
{
    const xsprof::FrameId frame = target.frame;
    if (!m_profile || !frame.isValid() || frame.value >= m_profile->frames.size())
        return nullptr;
    auto* menu = new QMenu(parent);
    const QString name = QString::fromUtf8(m_profile->frameName(frame));
    const auto add = [&](const QString& text, const QKeySequence& key, xsprof::TransformKind kind) {
        QAction* a = menu->addAction(text, this, [this, kind, target] { request(kind, target); });
        a->setShortcut(key);
        if (!xsprof::transformApplies(*m_profile, kind)) {
            a->setEnabled(false);
            a->setToolTip(tr(graphTip));
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
    if (!target.path.empty())
        add(tr("Focus on this subtree of %1 only").arg(name), QKeySequence(Qt::SHIFT | Qt::Key_F),
            xsprof::TransformKind::FocusSubtree);
    menu->setToolTipsVisible(true);
    menu->addSeparator();
    QAction* callers = menu->addAction(tr("Show callers and callees"), this,
                                       [this, frame] { emit callersCalleesRequested(frame); });
    callers->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    return menu;
}

bool TransformMenu::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != m_widget || event->type() != QEvent::KeyPress)
        return QObject::eventFilter(watched, event);
    auto* key = static_cast<QKeyEvent*>(event);
    const Qt::KeyboardModifiers modifiers = key->modifiers() & ~Qt::KeypadModifier;
    xsprof::TransformKind kind;
    if (modifiers == Qt::ShiftModifier && key->key() == Qt::Key_F) {
        kind = xsprof::TransformKind::FocusSubtree;
    } else if (modifiers != Qt::NoModifier) {
        return false;
    } else {
        switch (key->key()) {
        case Qt::Key_F: kind = xsprof::TransformKind::Focus; break;
        case Qt::Key_M: kind = xsprof::TransformKind::Merge; break;
        case Qt::Key_D: kind = xsprof::TransformKind::Drop; break;
        case Qt::Key_R: kind = xsprof::TransformKind::CollapseRecursion; break;
        default: return false;
        }
    }
    const Target target = m_current ? m_current() : Target();
    if (!target.frame.isValid())
        return false;
    request(kind, target);
    return true; // not a keyboard search in the view
}
