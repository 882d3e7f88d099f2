#include "views/transformcontrols.h"

#include "views/costtreemodel.h"
#include "views/costtreeview.h"
#include "views/document/profiledocument.h"
#include "views/flamegraphview.h"
#include "views/transformbreadcrumb.h"

#include <QApplication>
#include <QCursor>
#include <QLineEdit>
#include <QShortcut>

TransformControls::TransformControls(ProfileDocument* document, QWidget* page)
    : QObject(page), m_document(document), m_breadcrumb(new TransformBreadcrumb(page))
{
    connect(m_breadcrumb, &TransformBreadcrumb::goBackRequested, this,
            [this](int count) { m_document->goBack(size_t(std::max(count, 0))); });
    auto* undo = new QShortcut(QKeySequence(Qt::Key_Backspace), page);
    undo->setContext(Qt::WidgetWithChildrenShortcut);
    connect(undo, &QShortcut::activated, this, &TransformControls::undoLast);
    connect(m_document, &ProfileDocument::resultsChanged, this, &TransformControls::showTransforms);
    connect(m_document, &ProfileDocument::failed, this, &TransformControls::showTransforms);
    showTransforms();
}

void TransformControls::undoLast()
{
    // In a text field (the search), Backspace edits the text.
    if (qobject_cast<QLineEdit*>(QApplication::focusWidget()))
        return;
    if (!m_document->transforms().isEmpty())
        m_document->goBack(m_document->transforms().size() - 1);
}

void TransformControls::add(TransformMenu* menu)
{
    m_menus.push_back(menu);
    connect(menu, &TransformMenu::callersCalleesRequested, this, &TransformControls::callersCalleesRequested);
    connect(menu, &TransformMenu::transformRequested, this, [this](const xsprof::Transform& transform) {
        if (!m_document->pushTransform(transform)) {
            emit statusMessage(tr("%1 does not apply: a graph-encoded profile (xst -p) has no per-path stacks; "
                                  "only merge and drop apply").arg(QString::fromStdString(transform.label())));
            return;
        }
        m_breadcrumb->setTransforms(m_document->transforms().transforms()); // at once; numbers follow
    });
}

void TransformControls::addTreeView(CostTreeView* view, bool perPath)
{
    const auto frameOf = [](const QModelIndex& index) {
        return xsprof::FrameId(index.siblingAtColumn(0).data(CostTreeModel::FrameRole).toUInt());
    };
    TransformMenu::PathOf pathOf;
    if (perPath)
        pathOf = [](const QModelIndex& index) { return TransformMenu::pathOfTreeRow(index, CostTreeModel::FrameRole); };
    add(new TransformMenu(view, &m_document->whole()->profile, frameOf, pathOf));
}

void TransformControls::addFlameGraph(FlameGraphView* view)
{
    // The box under the mouse; in a per-path graph or chart, a box is a call path (StackId).
    const auto targetAt = [view](const QPoint& pos) {
        TransformMenu::Target target;
        const FlameGraphLayout::Box* box = view->boxAt(pos);
        const ProfileDataPtr& data = view->data();
        if (!box || !data || !box->frame.isValid())
            return target;
        target.frame = box->frame;
        const xsprof::Profile& profile = data->profile;
        if (profile.hasStacks() && box->node < profile.stacks.size()) {
            for (xsprof::StackId s(box->node); s.isValid(); s = profile.stacks.parent[s.value])
                target.path.insert(target.path.begin(), profile.stacks.frame[s.value]);
        }
        return target;
    };
    add(new TransformMenu(view, &m_document->whole()->profile, targetAt,
                          [view, targetAt] { return targetAt(view->mapFromGlobal(QCursor::pos())); }));
}

void TransformControls::showTransforms()
{
    for (TransformMenu* menu : m_menus)
        menu->setProfile(&m_document->whole()->profile);
    m_breadcrumb->setTransforms(m_document->transforms().transforms());
}
