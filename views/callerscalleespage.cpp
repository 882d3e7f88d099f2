#include "views/callerscalleespage.h"

#include "views/document/profiledocument.h"
#include "views/edgelistmodel.h"
#include "views/functionlistmodel.h"
#include "views/namecolumnlayout.h"

#include "model/callerscallees.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

namespace {

QTreeView* makeTable(QAbstractItemModel* model, QWidget* parent)
{
    auto* view = new QTreeView(parent);
    view->setRootIsDecorated(false);
    view->setUniformRowHeights(true);
    view->setAlternatingRowColors(true);
    view->setModel(model);
    // Room for "9999.9 ms (100.0 %)", the numbers first and the name filling the rest.
    const int numberWidth = view->fontMetrics().horizontalAdvance(QStringLiteral("9999.9 ms (100.0 %)")) + 16;
    for (int c = 1; c < model->columnCount(); ++c)
        view->setColumnWidth(c, numberWidth);
    new NameColumnLayout(view, 0);
    return view;
}

QSortFilterProxyModel* sorted(QAbstractItemModel* model, int sortRole, QObject* parent)
{
    auto* proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(model);
    proxy->setSortRole(sortRole);
    proxy->setFilterKeyColumn(0);
    proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    return proxy;
}

} // namespace

CallersCalleesPage::CallersCalleesPage(QWidget* parent)
    : QWidget(parent)
    , m_functions(new FunctionListModel(this))
    , m_proxy(sorted(m_functions, FunctionListModel::SortRole, this))
    , m_callers(new EdgeListModel(EdgeListModel::Direction::Callers, this))
    , m_callees(new EdgeListModel(EdgeListModel::Direction::Callees, this))
    , m_search(new QLineEdit(this))
    , m_title(new QLabel(this))
{
    m_search->setPlaceholderText(tr("Search functions"));
    m_search->setClearButtonEnabled(true);
    m_functionView = makeTable(m_proxy, this);
    m_functionView->setSortingEnabled(true);
    m_functionView->sortByColumn(2, Qt::DescendingOrder); // total
    m_callerView = makeTable(m_callers, this);
    m_calleeView = makeTable(m_callees, this);
    m_title->setTextFormat(Qt::RichText);
    m_title->setWordWrap(true);

    connect(m_search, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    connect(m_functionView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid())
                    showFunction(m_functions->frame(m_proxy->mapToSource(current).row()));
            });
    connect(m_callerView, &QTreeView::doubleClicked, this,
            [this](const QModelIndex& i) { activateEdge(m_callerView, m_callers, i); });
    connect(m_calleeView, &QTreeView::doubleClicked, this,
            [this](const QModelIndex& i) { activateEdge(m_calleeView, m_callees, i); });

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_search);
    leftLayout->addWidget(m_functionView, 1);
    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(new QLabel(tr("<b>Callers</b> (double-click to move there)"), right));
    rightLayout->addWidget(m_callerView, 1);
    rightLayout->addWidget(m_title);
    rightLayout->addWidget(new QLabel(tr("<b>Callees</b>"), right));
    rightLayout->addWidget(m_calleeView, 1);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(right);
    // The list has a number column more than the callers and callees: more of the room.
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);
}

void CallersCalleesPage::setSource(ProfileSource source)
{
    m_source = std::move(source);
    m_functions->setSource(m_source);
    m_selected = {};
    showFunction({});
    if (m_proxy->rowCount() > 0)
        m_functionView->setCurrentIndex(m_proxy->index(0, 0));
}

bool CallersCalleesPage::selectFunction(xsprof::FrameId frame)
{
    const int row = m_functions->rowOf(frame);
    if (row < 0)
        return false;
    QModelIndex index = m_proxy->mapFromSource(m_functions->index(row, 0));
    if (!index.isValid()) {
        m_search->clear();
        index = m_proxy->mapFromSource(m_functions->index(row, 0));
    }
    m_functionView->setCurrentIndex(index);
    m_functionView->scrollTo(index);
    return true;
}

void CallersCalleesPage::showFunction(xsprof::FrameId frame)
{
    m_selected = frame;
    if (!frame.isValid() || !m_source.isValid()) {
        m_callers->setEdges(m_source, {});
        m_callees->setEdges(m_source, {});
        m_title->setText(tr("Select a function."));
        return;
    }
    xsprof::CallersCallees cc = xsprof::callersAndCallees(*m_source.profile, *m_source.analysis, frame);
    m_callers->setEdges(m_source, std::move(cc.callers));
    m_callees->setEdges(m_source, std::move(cc.callees));
    const QString name = QString::fromUtf8(m_source.profile->frameName(frame));
    QString text = QStringLiteral("▶ <b>%1</b> %2").arg((name.isEmpty() ? tr("(anonymous)") : name).toHtmlEscaped(),
                                                       QString::fromStdString(m_source.profile->location(frame)).toHtmlEscaped());
    if (!m_source.analysis->functions.hasInclusive())
        text += tr("<br><i>Graph-encoded profile: a pair's inclusive number needs per-path stacks.</i>");
    m_title->setText(text);
    emit functionSelected(frame);
}

void CallersCalleesPage::activateEdge(QTreeView*, EdgeListModel* model, const QModelIndex& index)
{
    if (index.isValid())
        selectFunction(model->frame(index.row()));
}

void CallersCalleesPage::setDocument(ProfileDocument* document)
{
    m_document = document;
}

ProfileDocument* CallersCalleesPage::document() const
{
    return static_cast<ProfileDocument*>(m_document.data());
}
