#include "profilepage.h"

#include "bottomuptreemodel.h"
#include "calltreemodel.h"
#include "costformat.h"
#include "costtreeview.h"
#include "flamegraphpanel.h"
#include "functiontreemodel.h"
#include "views/document/rangeanalyzer.h"
#include "model/sampletimes.h"
#include "searchbar.h"
#include "sourcepane.h"
#include "timelinewidget.h"

#include <QButtonGroup>
#include <QDataStream>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QShortcut>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace {
constexpr quint32 viewStateVersion = 1;

QString fromStd(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}
} // namespace

ProfilePage::ProfilePage(ProfileDataPtr data, QWidget* parent) : QWidget(parent), m_data(std::move(data))
{
    auto* topDown = new FunctionTreeModel(FunctionTreeModel::Order::TopDown, this);
    auto* bottomUp = new FunctionTreeModel(FunctionTreeModel::Order::BottomUp, this);
    topDown->setProfileData(m_data);
    bottomUp->setProfileData(m_data);
    m_topDownView = new CostTreeView(topDown, topDown->columnOf(CostTreeModel::Cost::Total), Qt::DescendingOrder);
    m_bottomUpView = new CostTreeView(bottomUp, bottomUp->columnOf(CostTreeModel::Cost::Self), Qt::DescendingOrder);
    m_functionStack = new QStackedWidget;
    for (CostTreeView* view : {m_topDownView, m_bottomUpView}) {
        connect(view, &CostTreeView::sourceRequested, this, &ProfilePage::showSource);
        m_functionStack->addWidget(view);
    }

    m_tabs = new QTabWidget;
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_functionStack, tr("Functions"));
    addPerPathTabs();
    m_flameGraph = new FlameGraphPanel;
    m_tabs->addTab(m_flameGraph, tr("Flame Graph"));
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int tab) {
        if (tab == CallTreeTab || tab == BottomUpTreeTab)
            setBottomUp(tab == BottomUpTreeTab);
        findAgain();
    });

    m_source = new SourcePane;
    m_source->hide();
    connect(m_source, &SourcePane::closeRequested, m_source, &QWidget::hide);
    m_splitter = new QSplitter(Qt::Vertical);
    m_splitter->addWidget(m_tabs);
    m_splitter->addWidget(m_source);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 0);
    layout->addWidget(createRangeBar());
    setupTimeline();
    if (m_timeline)
        layout->addWidget(m_timeline);
    layout->addWidget(createToolBar());
    layout->addWidget(m_splitter, 1);
    setFocusProxy(m_topDownView);

    // Open where the time goes, so a first look already says something.
    m_topDownView->expandHotPath();
    if (m_callTreeView)
        m_callTreeView->expandHotPath();
}

void ProfilePage::addPerPathTabs()
{
    if (!m_data->profile.hasStacks()) {
        const QString text = tr("Per-path views need per-sample stacks, which xst -p files don't have.\n"
                                "The Functions tab shows this profile's call graph.");
        for (const QString& name : {tr("Call Tree"), tr("Bottom-Up Tree")}) {
            auto* label = new QLabel(text);
            label->setAlignment(Qt::AlignCenter);
            label->setWordWrap(true);
            m_tabs->addTab(label, name);
        }
        return;
    }
    auto* callTree = new CallTreeModel(this);
    callTree->setProfileData(m_data);
    m_callTreeView = new CostTreeView(callTree, callTree->columnOf(CostTreeModel::Cost::Total), Qt::DescendingOrder);
    auto* heavy = new BottomUpTreeModel(this);
    heavy->setProfileData(m_data);
    m_bottomUpTreeView = new CostTreeView(heavy, heavy->columnOf(CostTreeModel::Cost::Time), Qt::DescendingOrder);
    for (CostTreeView* view : {m_callTreeView, m_bottomUpTreeView})
        connect(view, &CostTreeView::sourceRequested, this, &ProfilePage::showSource);
    m_tabs->addTab(m_callTreeView, tr("Call Tree"));
    m_tabs->addTab(m_bottomUpTreeView, tr("Bottom-Up Tree"));
}

QString ProfilePage::title() const
{
    QString name = m_data->path.startsWith(QLatin1String(":/")) ? fromStd(m_data->profile.info.name)
                                                                 : QFileInfo(m_data->path).fileName();
    if (name.isEmpty())
        name = fromStd(m_data->profile.info.name);
    if (m_data->profileIndex >= 0)
        name += QStringLiteral(" [%1]").arg(m_data->profileIndex + 1);
    return name;
}

QWidget* ProfilePage::createHeader()
{
    m_header = new QLabel;
    m_header->setTextFormat(Qt::RichText);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    updateHeader();
    return m_header;
}

void ProfilePage::updateHeader()
{
    const auto& info = m_data->profile.info;
    QString name = fromStd(info.name);
    if (name.isEmpty())
        name = title();
    QStringList facts{fromStd(xsprof::toString(info.format)), CostFormat::time(m_data->duration()),
                      tr("%1 samples").arg(m_data->analysis.functions.sampleCount()),
                      tr("%1 functions").arg(m_data->analysis.functions.functions().size())};
    if (!m_data->profile.hasStacks())
        facts << tr("call graph only (xst -p)");
    if (!info.description.empty())
        facts.prepend(fromStd(info.description));
    m_header->setText(QStringLiteral("<b>%1</b>&nbsp;&nbsp;&nbsp;%2").arg(name.toHtmlEscaped(),
                                                                      facts.join(QStringLiteral(" · ")).toHtmlEscaped()));
    m_header->setToolTip(m_data->path);
}

QWidget* ProfilePage::createToolBar()
{
    auto* bar = new QWidget;
    auto* layout = new QHBoxLayout(bar);
    layout->setContentsMargins(0, 4, 0, 4);

    m_topDownButton = new QToolButton;
    m_topDownButton->setText(tr("Top-down"));
    m_topDownButton->setToolTip(tr("Callers above their callees (Ctrl+B toggles)"));
    m_bottomUpButton = new QToolButton;
    m_bottomUpButton->setText(tr("Bottom-up"));
    m_bottomUpButton->setToolTip(tr("Functions by self time, expanding their callers (Ctrl+B toggles)"));
    auto* order = new QButtonGroup(bar);
    for (QAbstractButton* button : {m_topDownButton, m_bottomUpButton}) {
        button->setCheckable(true);
        order->addButton(button);
        layout->addWidget(button);
    }
    m_topDownButton->setChecked(true);
    connect(m_bottomUpButton, &QAbstractButton::toggled, this, &ProfilePage::setBottomUp);

    auto* hot = new QToolButton;
    hot->setText(tr("Expand Hot Path"));
    hot->setToolTip(tr("Expand the largest child while it keeps 5 % of the profile (Ctrl+E)"));
    connect(hot, &QToolButton::clicked, this, &ProfilePage::expandHotPath);
    layout->addSpacing(8);
    layout->addWidget(hot);
    layout->addStretch(1);

    m_searchBar = new SearchBar;
    connect(m_searchBar, &SearchBar::searchRequested, this, &ProfilePage::search);
    connect(m_searchBar, &SearchBar::nextRequested, this, &ProfilePage::findNext);
    connect(m_searchBar, &SearchBar::previousRequested, this, &ProfilePage::findPrevious);
    layout->addWidget(m_searchBar);
    return bar;
}

void ProfilePage::setBottomUp(bool bottomUp)
{
    if (bottomUp == m_bottomUp)
        return;
    m_bottomUp = bottomUp;
    (bottomUp ? m_bottomUpButton : m_topDownButton)->setChecked(true);
    m_functionStack->setCurrentWidget(functionView(bottomUp));
    if (m_tabs->currentIndex() != FunctionsTab)
        m_tabs->setCurrentIndex(bottomUp ? BottomUpTreeTab : CallTreeTab);
    findAgain();
    emit orderChanged(bottomUp);
}

CostTreeView* ProfilePage::currentView() const
{
    switch (m_tabs->currentIndex()) {
    case FunctionsTab: return functionView(m_bottomUp);
    case CallTreeTab: return m_callTreeView;
    case BottomUpTreeTab: return m_bottomUpTreeView;
    default: return nullptr;
    }
}

void ProfilePage::focusSearch()
{
    m_searchBar->focusField();
}

void ProfilePage::setSearchText(const QString& text)
{
    m_searchBar->setText(text);
}

void ProfilePage::search(const QString& text)
{
    const auto& frames = m_data->profile.frames;
    m_frameMatches.assign(frames.size(), 0);
    if (!text.isEmpty()) {
        for (uint32_t f = 0; f < frames.size(); ++f) {
            const xsprof::FrameId id(f);
            m_frameMatches[f] = m_data->frameName(id).contains(text, Qt::CaseInsensitive)
                                || m_data->frameUrl(id).contains(text, Qt::CaseInsensitive);
        }
    }
    m_flameGraph->setMatches(m_frameMatches);
    findAgain();
}

// Looks for the current text in the current view and selects the first hit.
void ProfilePage::findAgain()
{
    m_hits.clear();
    m_hitIndex = -1;
    CostTreeView* view = currentView();
    if (view && !m_searchBar->text().isEmpty() && !m_frameMatches.empty()) {
        m_hits = view->findRows([this](quint32 f) { return f < m_frameMatches.size() && m_frameMatches[f]; });
    }
    if (!m_hits.isEmpty())
        moveToHit(1);
    else
        m_searchBar->setHits(-1, 0);
}

void ProfilePage::findNext()
{
    moveToHit(1);
}

void ProfilePage::findPrevious()
{
    moveToHit(-1);
}

void ProfilePage::moveToHit(int step)
{
    CostTreeView* view = currentView();
    if (m_hits.isEmpty() || !view)
        return;
    const int count = int(m_hits.size());
    m_hitIndex = m_hitIndex < 0 ? (step > 0 ? 0 : count - 1) : ((m_hitIndex + step) % count + count) % count;
    view->reveal(m_hits[m_hitIndex]);
    m_searchBar->setHits(m_hitIndex, count);
}

void ProfilePage::expandHotPath()
{
    if (CostTreeView* view = currentView()) {
        view->expandHotPath();
        view->setFocus();
    }
}

void ProfilePage::copySelection() const
{
    if (CostTreeView* view = currentView())
        view->copySelection();
}

void ProfilePage::showSource(const QModelIndex& index)
{
    if (!index.isValid())
        return;
    const xsprof::FrameId f(index.data(CostTreeModel::FrameRole).toUInt());
    const QString url = m_data->frameUrl(f);
    if (url.isEmpty()) {
        emit statusMessage(tr("%1 has no source file.").arg(m_data->frameName(f)));
        return;
    }
    const QString baseDir = m_data->path.startsWith(QLatin1String(":/")) ? QString()
                                                                         : QFileInfo(m_data->path).absolutePath();
    const QString path = SourcePane::localPath(url, baseDir, m_pathMappings);
    const int line = m_data->profile.frames.line[f.value];
    if (!path.isEmpty() && m_sourceOpener && m_sourceOpener(path, line))
        return;
    if (path.isEmpty() || !m_source->showFile(path, line)) {
        emit statusMessage(tr("%1 is not available locally: map its folder to a local one in "
                              "Preferences › Source files.").arg(url));
        emit sourceUnavailable(url);
        return;
    }
    m_source->show();
}

QByteArray ProfilePage::saveViewState() const
{
    QByteArray state;
    QDataStream out(&state, QIODevice::WriteOnly);
    out << viewStateVersion << m_splitter->saveState() << m_bottomUp;
    for (CostTreeView* view : {m_topDownView, m_bottomUpView, m_callTreeView, m_bottomUpTreeView})
        out << qint32(view ? view->header()->count() : 0) << (view ? view->header()->saveState() : QByteArray());
    return state;
}

void ProfilePage::restoreViewState(const QByteArray& state)
{
    QDataStream in(state);
    quint32 version = 0;
    QByteArray splitter;
    bool bottomUp = false;
    in >> version >> splitter >> bottomUp;
    if (in.status() != QDataStream::Ok || version != viewStateVersion)
        return;
    m_splitter->restoreState(splitter);
    setBottomUp(bottomUp);
    for (CostTreeView* view : {m_topDownView, m_bottomUpView, m_callTreeView, m_bottomUpTreeView}) {
        qint32 columns = 0;
        QByteArray header;
        in >> columns >> header;
        // Column sets differ between profiles (Inclusive); restore only a matching layout.
        if (view && in.status() == QDataStream::Ok && columns == view->header()->count())
            view->header()->restoreState(header);
    }
}

void ProfilePage::setProfileData(ProfileDataPtr data)
{
    Q_ASSERT(data && data->profile.hasStacks() == m_data->profile.hasStacks());
    const std::vector<CostTreeView*> views{m_topDownView, m_bottomUpView, m_callTreeView, m_bottomUpTreeView};
    std::vector<CostTreeView::TreeState> states;
    for (CostTreeView* view : views)
        states.push_back(view ? view->saveTreeState() : CostTreeView::TreeState());
    m_data = std::move(data);
    for (size_t i = 0; i < views.size(); ++i) {
        if (!views[i])
            continue;
        views[i]->costModel()->setProfileData(m_data);
        views[i]->restoreTreeState(states[i]);
    }
    updateHeader();
    // Search hits pointed into the old rows: find them again without moving the selection.
    m_hits.clear();
    m_hitIndex = -1;
    if (!m_searchBar->text().isEmpty()) {
        const auto& frames = m_data->profile.frames;
        m_frameMatches.assign(frames.size(), 0);
        for (uint32_t f = 0; f < frames.size(); ++f) {
            const xsprof::FrameId id(f);
            m_frameMatches[f] = m_data->frameName(id).contains(m_searchBar->text(), Qt::CaseInsensitive)
                                || m_data->frameUrl(id).contains(m_searchBar->text(), Qt::CaseInsensitive);
        }
        if (CostTreeView* view = currentView()) {
            m_hits = view->findRows([this](quint32 f) { return f < m_frameMatches.size() && m_frameMatches[f]; });
            m_hitIndex = int(m_hits.indexOf(QPersistentModelIndex(view->currentIndex().siblingAtColumn(0))));
        }
        m_searchBar->setHits(qMax(m_hitIndex, 0), int(m_hits.size()));
    }
    rangeDataReplaced();
}

// The header row: the profile facts, then the selected range and a button to clear it.
QWidget* ProfilePage::createRangeBar()
{
    auto* bar = new QWidget;
    auto* layout = new QHBoxLayout(bar);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(createHeader(), 1);
    m_rangeLabel = new QLabel;
    m_rangeLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_rangeLabel);
    auto* clear = new QToolButton;
    clear->setText(tr("Clear selection"));
    clear->setToolTip(tr("Show the whole profile again (Esc)"));
    clear->setVisible(false);
    connect(clear, &QToolButton::clicked, this, &ProfilePage::clearTimeRange);
    m_clearRangeButton = clear;
    layout->addWidget(clear);
    return bar;
}

void ProfilePage::setupTimeline()
{
    m_viewData = m_data;
    m_rangeAnalyzer = new RangeAnalyzer(m_data, this);
    connect(m_rangeAnalyzer, &RangeAnalyzer::finished, this, &ProfilePage::showViewData);
    connect(m_rangeAnalyzer, &RangeAnalyzer::busyChanged, this, &ProfilePage::updateRangeLabel);
    const SampleTimes times(m_data->profile);
    m_flameGraph->setData(m_data, times.start(), times.end());
    if (m_data->profile.samples.size() == 0)
        return;
    m_timeline = new TimelineWidget(m_data);
    m_timeline->setFixedHeight(120);
    connect(m_timeline, &TimelineWidget::selectionChanged, this, &ProfilePage::setTimeRange);
    connect(m_timeline, &TimelineWidget::selectionCleared, this, &ProfilePage::clearTimeRange);
    auto* escape = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    escape->setContext(Qt::WidgetWithChildrenShortcut);
    connect(escape, &QShortcut::activated, this, [this] {
        if (hasTimeRange())
            clearTimeRange();
    });
    // The function of the current row, wherever it is chosen, shows up in the timeline.
    for (CostTreeView* view : {m_topDownView, m_bottomUpView, m_callTreeView, m_bottomUpTreeView}) {
        if (view)
            connect(view->selectionModel(), &QItemSelectionModel::currentChanged, this, &ProfilePage::highlightFunction);
    }
}

void ProfilePage::highlightFunction(const QModelIndex& current)
{
    if (m_timeline)
        m_timeline->setHighlightedFunction(current.isValid() ? xsprof::FrameId(current.data(CostTreeModel::FrameRole).toUInt())
                                                             : xsprof::FrameId());
}

void ProfilePage::setTimeRange(double t0, double t1)
{
    const SampleTimes times(m_data->profile);
    m_rangeStart = std::max(std::min(t0, t1), times.start());
    m_rangeEnd = std::min(std::max(t0, t1), times.end());
    if (!hasTimeRange()) {
        clearTimeRange();
        return;
    }
    if (m_timeline)
        m_timeline->setSelection(m_rangeStart, m_rangeEnd);
    updateRangeLabel();
    m_rangeAnalyzer->request(times.range(m_rangeStart, m_rangeEnd));
}

void ProfilePage::clearTimeRange()
{
    m_rangeStart = m_rangeEnd = 0.0;
    if (m_timeline)
        m_timeline->clearSelection();
    m_rangeAnalyzer->request({}); // the whole profile: handed back at once
}

bool ProfilePage::isRangeBusy() const
{
    return m_rangeAnalyzer && m_rangeAnalyzer->isBusy();
}

// The trees keep what the user expanded and selected: they are matched by function path.
void ProfilePage::showViewData(ProfileDataPtr data)
{
    m_viewData = std::move(data);
    for (CostTreeView* view : {m_topDownView, m_bottomUpView, m_callTreeView, m_bottomUpTreeView}) {
        if (!view)
            continue;
        const CostTreeView::TreeState state = view->saveTreeState();
        view->costModel()->setProfileData(m_viewData);
        view->restoreTreeState(state);
    }
    const SampleTimes times(m_data->profile);
    const double t0 = hasTimeRange() ? m_rangeStart : times.start();
    const double t1 = hasTimeRange() ? m_rangeEnd : times.end();
    // The same range again (a live refresh re-analysed it): the flame graph keeps its zoom.
    const FlameGraphView* flame = m_flameGraph->view();
    const bool sameRange = hasTimeRange() && flame->data() && t0 == m_flameStart && t1 == m_flameEnd;
    m_flameStart = t0;
    m_flameEnd = t1;
    m_flameGraph->setData(m_viewData, t0, t1, sameRange ? FlameGraphView::Zoom::Keep : FlameGraphView::Zoom::Reset);
    m_hits.clear();
    m_hitIndex = -1;
    if (!m_searchBar->text().isEmpty())
        findAgain();
    updateRangeLabel();
    emit viewDataChanged();
}

// After a live refresh: the timeline follows the new samples, a selected range is recomputed.
void ProfilePage::rangeDataReplaced()
{
    if (!m_rangeAnalyzer)
        return;
    m_rangeAnalyzer->setData(m_data);
    if (m_timeline)
        m_timeline->setData(m_data);
    if (hasTimeRange()) {
        setTimeRange(m_rangeStart, m_rangeEnd);
    } else {
        m_viewData = m_data;
        const SampleTimes times(m_data->profile);
        m_flameStart = m_flameEnd = 0.0;
        m_flameGraph->setData(m_data, times.start(), times.end(), FlameGraphView::Zoom::Keep); // grown, zoom kept
    }
}

void ProfilePage::updateRangeLabel()
{
    m_clearRangeButton->setVisible(hasTimeRange());
    if (!hasTimeRange()) {
        m_rangeLabel->clear();
        return;
    }
    const double origin = SampleTimes(m_data->profile).start();
    QString text = tr("Selection %1 – %2 (%3, %4 samples)")
                       .arg(CostFormat::time(m_rangeStart - origin), CostFormat::time(m_rangeEnd - origin),
                            CostFormat::time(m_rangeEnd - m_rangeStart))
                       .arg(m_viewData->analysis.functions.sampleCount());
    if (isRangeBusy())
        text = tr("Selection %1 – %2 (%3), computing…")
                   .arg(CostFormat::time(m_rangeStart - origin), CostFormat::time(m_rangeEnd - origin),
                        CostFormat::time(m_rangeEnd - m_rangeStart));
    m_rangeLabel->setText(text);
}
