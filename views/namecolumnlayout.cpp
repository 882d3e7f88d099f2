#include "namecolumnlayout.h"

#include "functiondelegate.h"

#include <QEvent>
#include <QHeaderView>
#include <QTreeView>

#include <algorithm>
#include <utility>

NameColumnLayout::NameColumnLayout(QTreeView* view, int nameColumn, Names names)
    : QObject(view), m_view(view), m_nameColumn(nameColumn), m_names(names)
{
    if (!view->itemDelegateForColumn(nameColumn))
        view->setItemDelegateForColumn(nameColumn, new FunctionDelegate(view));
    QHeaderView* head = view->header();
    head->setStretchLastSection(false);
    placeNameLast();
    m_viewport = view->viewport();
    m_viewport->installEventFilter(this);
    connect(head, &QHeaderView::sectionCountChanged, this, [this] {
        placeNameLast();
        fit();
    });
    connect(head, &QHeaderView::sectionResized, this, [this](int section) {
        if (section != m_nameColumn)
            fit();
    });
    fit();
}

void NameColumnLayout::placeNameLast()
{
    QHeaderView* head = m_view->header();
    if (m_nameColumn >= head->count())
        return;
    for (int c = 0; c < head->count(); ++c) {
        const auto mode = c == m_nameColumn ? QHeaderView::Fixed : QHeaderView::Interactive;
        if (head->sectionResizeMode(c) != mode)
            head->setSectionResizeMode(c, mode);
    }
    const int at = head->visualIndex(m_nameColumn);
    if (at != head->count() - 1)
        head->moveSection(at, head->count() - 1);
}

int NameColumnLayout::minimumNameWidth() const
{
    const QFontMetrics metrics = m_view->fontMetrics();
    const int deepest = FunctionDelegate::levelsIndented + 1;
    const int indent = m_names == Names::Indented ? FunctionDelegate::layout(QRect(0, 0, 0, 1), deepest, metrics).text.left() : 0;
    return indent + metrics.averageCharWidth() * 12;
}

void NameColumnLayout::fit()
{
    QHeaderView* head = m_view->header();
    if (m_nameColumn >= head->count() || std::exchange(m_fitting, true))
        return;
    placeNameLast(); // a model reset may have put the sections back in their order
    int numbers = 0;
    for (int c = 0; c < head->count(); ++c)
        numbers += c == m_nameColumn || head->isSectionHidden(c) ? 0 : head->sectionSize(c);
    const int width = std::max(minimumNameWidth(), m_view->viewport()->width() - numbers);
    if (head->sectionSize(m_nameColumn) != width)
        head->resizeSection(m_nameColumn, width);
    m_fitting = false;
}

int NameColumnLayout::scrollToShowName(int textOffset) const
{
    const QHeaderView* head = m_view->header();
    const int wanted = head->sectionPosition(m_nameColumn) + textOffset + m_view->fontMetrics().averageCharWidth() * 12;
    return std::max(0, wanted - m_view->viewport()->width());
}

bool NameColumnLayout::eventFilter(QObject* watched, QEvent* event)
{
    // The view may be half destroyed when its viewport's last events come: not asked here.
    if (event->type() == QEvent::Resize && watched == m_viewport)
        fit();
    return QObject::eventFilter(watched, event);
}
