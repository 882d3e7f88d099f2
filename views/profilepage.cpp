#include "profilepage.h"

#include "bottomuptreemodel.h"
#include "calltreemodel.h"
#include "costtreeview.h"
#include "focustoolbutton.h"
#include "flamegraphpanel.h"
#include "functiontreemodel.h"
#include "views/document/framesearch.h"
#include "views/document/modeltext.h"
#include "model/linecosts.h"
#include "model/sampletimes.h"
#include "profilesummarybar.h"
#include "readerwarningsbanner.h"
#include "views/document/sourcemapswitch.h"
#include "searchbar.h"
#include "sourcepane.h"
#include "timelinewidget.h"
#include "transformbreadcrumb.h"
#include "transformcontrols.h"

#include <QButtonGroup>
#include <algorithm>
#include <QDataStream>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QEvent>
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
} // namespace

ProfilePage::ProfilePage(ProfileDataPtr data, QWidget* parent) : ProfilePage(new ProfileDocument(std::move(data)), parent)
{
}

ProfilePage::ProfilePage(ProfileDocument* document, QWidget* parent) : QWidget(parent), m_document(document)
{
    if (!m_document->parent())
        m_document->setParent(this);
    const ProfileDataPtr& view = m_document->view();
    auto* topDown = new FunctionTreeModel(FunctionTreeModel::Order::TopDown, this);
    auto* bottomUp = new FunctionTreeModel(FunctionTreeModel::Order::BottomUp, this);
    topDown->setProfileData(view);
    bottomUp->setProfileData(view);
    m_topDownView = new CostTreeView(topDown, topDown->columnOf(CostTreeModel::Cost::Total), Qt::DescendingOrder);
    m_bottomUpView = new CostTreeView(bottomUp, bottomUp->columnOf(CostTreeModel::Cost::Self), Qt::DescendingOrder,
                                      CostTreeView::FirstSort::WhenShown);
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
    m_topDownView->setAccessibleName(tr("Functions, top-down"));
    m_bottomUpView->setAccessibleName(tr("Functions, bottom-up"));
    for (CostTreeView* view : treeViews())
        view->setAccessibleDescription(tr("Each row reads as the function, its self and its total time"));

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
    m_summary = new ProfileSummaryBar(m_document, title());
    connect(m_summary, &ProfileSummaryBar::clearRequested, this, &ProfilePage::clearTimeRange);
    layout->addWidget(m_summary);
    if (!view->warnings.isEmpty()) {
        m_warnings = new ReaderWarningsBanner(view->warnings);
        layout->addWidget(m_warnings);
    }
    setupTimeline();
    for (CostTreeView* view : treeViews())
        view->installEventFilter(this);
    m_transforms = new TransformControls(m_document, this);
    for (CostTreeView* view : treeViews())
        m_transforms->addTreeView(view, view == m_callTreeView);
    m_transforms->addFlameGraph(m_flameGraph->view());
    connect(m_transforms, &TransformControls::callersCalleesRequested, this, &ProfilePage::callersCalleesRequested);
    connect(m_transforms, &TransformControls::statusMessage, this, &ProfilePage::statusMessage);
    auto* views = new QWidget;
    auto* viewsLayout = new QVBoxLayout(views);
    viewsLayout->setContentsMargins(0, 0, 0, 0);
    viewsLayout->addWidget(m_transforms->breadcrumb());
    viewsLayout->addWidget(createToolBar());
    viewsLayout->addWidget(m_splitter, 1);
    if (m_timeline) {
        // A splitter, so that a small window can give the trees the timeline's room.
        m_timelineSplitter = new QSplitter(Qt::Vertical);
        m_timelineSplitter->addWidget(m_timeline);
        m_timelineSplitter->addWidget(views);
        m_timelineSplitter->setStretchFactor(1, 1);
        m_timelineSplitter->setChildrenCollapsible(false);
        m_timelineSplitter->setSizes({120, 600});
        layout->addWidget(m_timelineSplitter, 1);
    } else {
        layout->addWidget(views, 1);
    }
    connect(m_document, &ProfileDocument::resultsChanged, this, &ProfilePage::showResults);
    connect(m_document, &ProfileDocument::failed, this, [this](const QString& message) {
        if (m_timeline)
            m_timeline->setSelection(m_document->requestedSelection().start, m_document->requestedSelection().end);
        emit statusMessage(message);
    });

    m_sourceMaps = new SourceMapSwitch(m_document, this);
    connect(m_sourceMaps, &SourceMapSwitch::problem, this, &ProfilePage::statusMessage);
    connect(m_sourceMaps, &SourceMapSwitch::searched, this, [this](bool found) {
        if (found || !m_sourceMaps->mapFiles().isEmpty())
            emit statusMessage(tr("Source maps: %1.").arg(m_sourceMaps->summary()));
    });
    setAcceptDrops(true);

    // Open where the time goes, so a first look already says something.
    m_topDownView->expandHotPath();
    if (m_callTreeView)
        m_callTreeView->expandHotPath();
}

namespace {
QStringList droppedMaps(const QMimeData* mime)
{
    QStringList maps;
    for (const QUrl& url : mime->urls()) {
        if (url.isLocalFile() && url.toLocalFile().endsWith(QLatin1String(".map"), Qt::CaseInsensitive))
            maps << url.toLocalFile();
    }
    return maps;
}
} // namespace

void ProfilePage::dragEnterEvent(QDragEnterEvent* event)
{
    if (!droppedMaps(event->mimeData()).isEmpty())
        event->acceptProposedAction();
    else
        event->ignore(); // profiles go to the window, which opens them
}

void ProfilePage::dropEvent(QDropEvent* event)
{
    const QStringList maps = droppedMaps(event->mimeData());
    if (maps.isEmpty()) {
        event->ignore();
        return;
    }
    event->acceptProposedAction();
    for (const QString& map : maps)
        m_sourceMaps->addMapFile(map);
}

void ProfilePage::addPerPathTabs()
{
    if (!data()->profile.hasStacks()) {
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
    callTree->setProfileData(m_document->view());
    m_callTreeView = new CostTreeView(callTree, callTree->columnOf(CostTreeModel::Cost::Total), Qt::DescendingOrder);
    auto* heavy = new BottomUpTreeModel(this);
    heavy->setProfileData(m_document->view());
    m_bottomUpTreeView = new CostTreeView(heavy, heavy->columnOf(CostTreeModel::Cost::Time), Qt::DescendingOrder,
                                          CostTreeView::FirstSort::WhenShown);
    for (CostTreeView* view : {m_callTreeView, m_bottomUpTreeView})
        connect(view, &CostTreeView::sourceRequested, this, &ProfilePage::showSource);
    m_callTreeView->setAccessibleName(tr("Call tree"));
    m_bottomUpTreeView->setAccessibleName(tr("Bottom-up tree"));
    m_tabs->addTab(m_callTreeView, tr("Call Tree"));
    m_tabs->addTab(m_bottomUpTreeView, tr("Bottom-Up Tree"));
}

CostTreeView* ProfilePage::fresh(CostTreeView* view) const
{
    const auto stale = std::find(m_staleViews.begin(), m_staleViews.end(), view);
    if (view && stale != m_staleViews.end()) {
        m_staleViews.erase(stale);
        showResultsIn(view);
    }
    return view;
}

void ProfilePage::showResultsIn(CostTreeView* view) const
{
    const CostTreeView::TreeState state = view->saveTreeState();
    view->costModel()->setProfileData(m_document->results().view);
    view->restoreTreeState(state);
}

bool ProfilePage::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Show)
        fresh(qobject_cast<CostTreeView*>(watched));
    return QWidget::eventFilter(watched, event);
}

std::vector<CostTreeView*> ProfilePage::treeViews() const
{
    std::vector<CostTreeView*> views;
    for (CostTreeView* view : {m_topDownView, m_bottomUpView, m_callTreeView, m_bottomUpTreeView}) {
        if (view)
            views.push_back(view);
    }
    return views;
}

QString ProfilePage::title() const
{
    const ProfileDataPtr& whole = data();
    QString name = whole->path.startsWith(QLatin1String(":/")) ? fromStd(whole->profile.info.name)
                                                                 : QFileInfo(whole->path).fileName();
    if (name.isEmpty())
        name = fromStd(whole->profile.info.name);
    if (whole->profileIndex >= 0)
        name += QStringLiteral(" [%1]").arg(whole->profileIndex + 1);
    return name;
}

QWidget* ProfilePage::createToolBar()
{
    auto* bar = new QWidget;
    auto* layout = new QHBoxLayout(bar);
    layout->setContentsMargins(0, 4, 0, 4);

    m_topDownButton = new FocusToolButton;
    m_topDownButton->setText(tr("Top-down"));
    m_topDownButton->setToolTip(tr("Callers above their callees (Ctrl+B toggles)"));
    m_bottomUpButton = new FocusToolButton;
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

    auto* hot = new FocusToolButton;
    hot->setText(tr("Expand Hot Path"));
    hot->setToolTip(tr("Expand the largest child while it keeps 5 % of the profile (Ctrl+E)"));
    connect(hot, &QToolButton::clicked, this, &ProfilePage::expandHotPath);
    layout->addSpacing(8);
    layout->addWidget(hot);
    layout->addStretch(1);

    m_searchBar = new SearchBar;
    connect(m_searchBar, &SearchBar::closeRequested, this, &ProfilePage::focusMainView);
    connect(m_searchBar, &SearchBar::searchRequested, this, &ProfilePage::search);
    connect(m_searchBar, &SearchBar::nextRequested, this, &ProfilePage::findNext);
    connect(m_searchBar, &SearchBar::previousRequested, this, &ProfilePage::findPrevious);
    layout->addWidget(m_searchBar, 2);
    return bar;
}

void ProfilePage::setBottomUp(bool bottomUp)
{
    if (bottomUp == m_bottomUp)
        return;
    m_bottomUp = bottomUp;
    (bottomUp ? m_bottomUpButton : m_topDownButton)->setChecked(true);
    const bool focused = mainView()->hasFocus();
    m_functionStack->setCurrentWidget(functionView(bottomUp));
    if (m_tabs->currentIndex() != FunctionsTab)
        m_tabs->setCurrentIndex(bottomUp ? BottomUpTreeTab : CallTreeTab);
    if (focused)
        focusMainView();
    findAgain();
    emit orderChanged(bottomUp);
}

CostTreeView* ProfilePage::currentView() const
{
    switch (m_tabs->currentIndex()) {
    case FunctionsTab: return functionView(m_bottomUp);
    case CallTreeTab: return fresh(m_callTreeView);
    case BottomUpTreeTab: return fresh(m_bottomUpTreeView);
    default: return nullptr;
    }
}

void ProfilePage::focusSearch()
{
    m_searchBar->focusField();
}

QWidget* ProfilePage::mainView() const
{
    if (CostTreeView* view = currentView())
        return view;
    if (m_tabs->currentIndex() == FlameGraphTab)
        return m_flameGraph->view();
    return m_tabs->currentWidget(); // a message tab
}

void ProfilePage::focusMainView()
{
    mainView()->setFocus(Qt::OtherFocusReason);
}

// The page itself takes no Tab stop (a focus proxy would trap Tab between the document tab
// bar and the tree); given the focus by a program, it hands it to the main view.
void ProfilePage::focusInEvent(QFocusEvent* event)
{
    QWidget::focusInEvent(event);
    focusMainView();
}

void ProfilePage::resetZoom()
{
    if (m_timeline)
        m_timeline->resetZoom();
    m_flameGraph->view()->resetZoom();
}

void ProfilePage::setSearchText(const QString& text)
{
    m_searchBar->setText(text);
}

void ProfilePage::search(const QString& text)
{
    m_frameMatches = matchingFrames(*m_document->view(), text);
    m_flameGraph->setMatches(m_frameMatches);
    findAgain();
}

void ProfilePage::findHits(bool revealFirst)
{
    m_hits.clear();
    m_hitIndex = -1;
    CostTreeView* view = currentView();
    if (view && !m_searchBar->text().isEmpty() && !m_frameMatches.empty()) {
        m_hits = view->findRows([this](quint32 f) { return f < m_frameMatches.size() && m_frameMatches[f]; });
    }
    if (m_hits.isEmpty()) {
        m_searchBar->setHits(-1, 0);
    } else if (revealFirst) {
        moveToHit(1);
    } else {
        m_hitIndex = int(m_hits.indexOf(QPersistentModelIndex(view->currentIndex().siblingAtColumn(0))));
        m_searchBar->setHits(qMax(m_hitIndex, 0), int(m_hits.size()));
    }
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
    const ProfileDataPtr& whole = data();
    const xsprof::FrameId f(index.data(CostTreeModel::FrameRole).toUInt());
    const QString url = whole->frameUrl(f);
    if (url.isEmpty()) {
        emit statusMessage(tr("%1 has no source file.").arg(whole->frameName(f)));
        return;
    }
    const QString baseDir = whole->path.startsWith(QLatin1String(":/")) ? QString()
                                                                         : QFileInfo(whole->path).absolutePath();
    const QString path = SourcePane::localPath(url, baseDir, m_pathMappings);
    const int line = whole->profile.frames.line[f.value];
    if (!path.isEmpty() && m_sourceOpener && m_sourceOpener(path, line))
        return;
    if (const QString embedded = m_sourceMaps->originalSource(url); path.isEmpty() && !embedded.isNull()) {
        m_source->showText(url, embedded, line); // the original source, as its map embeds it
        m_source->show();
        return;
    }
    if (path.isEmpty() || !m_source->showFile(path, line)) {
        emit statusMessage(tr("%1 is not available locally: map its folder to a local one in "
                              "Preferences › Source files.").arg(url));
        emit sourceUnavailable(url);
        return;
    }
    showLineCosts(f);
    m_source->show();
}

// The function's per-line self time from the loaded file's positionTicks (transforms keep
// the frames but not the ticks); over the selected range when no transform moved the samples.
void ProfilePage::showLineCosts(xsprof::FrameId f)
{
    const xsprof::Profile& loaded = m_document->loaded()->profile;
    const bool available = xsprof::hasLineTicks(loaded);
    QMap<int, double> costs;
    if (available && f.value < loaded.frames.size()) {
        xsprof::SampleRange range;
        const ProfileDocument::Selection& selection = m_document->results().selection;
        if (selection.hasRange() && m_document->transforms().isEmpty())
            range = SampleTimes(loaded).range(selection.start, selection.end);
        for (const xsprof::LineCost& line : xsprof::lineCosts(loaded, f, range).lines)
            costs.insert(line.line, line.self);
    }
    m_source->setLineCosts(costs, available);
}

QByteArray ProfilePage::saveViewState() const
{
    QByteArray state;
    QDataStream out(&state, QIODevice::WriteOnly);
    out << viewStateVersion << m_splitter->saveState() << m_bottomUp;
    for (CostTreeView* view : {m_topDownView, m_bottomUpView, m_callTreeView, m_bottomUpTreeView}) // all four slots
        out << qint32(view ? view->header()->count() : 0) << (view ? view->header()->saveState() : QByteArray());
    out << (m_timelineSplitter ? m_timelineSplitter->saveState() : QByteArray());
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
    QByteArray timelineSplitter; // absent from states saved before the splitter
    in >> timelineSplitter;
    if (m_timelineSplitter && in.status() == QDataStream::Ok && !timelineSplitter.isEmpty())
        m_timelineSplitter->restoreState(timelineSplitter);
}

void ProfilePage::setProfileData(ProfileDataPtr data)
{
    Q_ASSERT(data && data->profile.hasStacks() == m_document->loaded()->profile.hasStacks());
    m_document->setLoaded(std::move(data));
}

void ProfilePage::setupTimeline()
{
    const ProfileDataPtr& whole = m_document->whole();
    const SampleTimes times(whole->profile);
    m_flameGraph->setData(m_document->view(), times.start(), times.end());
    if (whole->profile.samples.size() == 0)
        return;
    m_timeline = new TimelineWidget(whole);
    connect(m_timeline, &TimelineWidget::selectionChanged, this, &ProfilePage::setTimeRange);
    connect(m_timeline, &TimelineWidget::selectionCleared, this, &ProfilePage::clearTimeRange);
    auto* escape = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    escape->setContext(Qt::WidgetWithChildrenShortcut);
    connect(escape, &QShortcut::activated, this, [this] {
        if (hasTimeRange())
            clearTimeRange();
    });
    // The function of the current row, wherever it is chosen, shows up in the timeline.
    for (CostTreeView* view : treeViews())
        connect(view->selectionModel(), &QItemSelectionModel::currentChanged, this, &ProfilePage::selectFunction);
    connect(m_document, &ProfileDocument::selectedFunctionChanged, m_timeline, &TimelineWidget::setHighlightedFunction);
}

void ProfilePage::selectFunction(const QModelIndex& current)
{
    m_document->setSelectedFunction(current.isValid() ? xsprof::FrameId(current.data(CostTreeModel::FrameRole).toUInt())
                                                      : xsprof::FrameId());
}

void ProfilePage::setTimeRange(double t0, double t1)
{
    m_document->setTimeRange(t0, t1);
    const ProfileDocument::Selection& selection = m_document->requestedSelection();
    if (m_timeline) {
        if (selection.hasRange())
            m_timeline->setSelection(selection.start, selection.end);
        else
            m_timeline->clearSelection();
    }
    m_summary->refresh();
}

void ProfilePage::clearTimeRange()
{
    setTimeRange(0.0, 0.0);
}

// The document's new results: every view changes once. The trees keep what the user
// expanded and selected (matched by function path); a refresh keeps the flame graph's zoom.
void ProfilePage::showResults()
{
    const ProfileDocument::Results& results = m_document->results();
    const bool refresh = results.change == ProfileDocument::Change::Refresh;
    // The trees on screen now; a hidden one when it is shown (or asked for).
    for (CostTreeView* view : treeViews()) {
        if (!view->isVisible() && isVisible()) {
            if (std::find(m_staleViews.begin(), m_staleViews.end(), view) == m_staleViews.end())
                m_staleViews.push_back(view);
        } else {
            std::erase(m_staleViews, view);
            showResultsIn(view);
        }
    }
    if ((refresh || results.change == ProfileDocument::Change::Transforms) && m_timeline)
        m_timeline->setData(results.whole);
    // A new shape: open where the time goes in the tree on screen, as on a first look.
    if (results.change == ProfileDocument::Change::Transforms) {
        if (CostTreeView* view = currentView())
            view->expandHotPath();
    }
    const SampleTimes times(results.whole->profile);
    const ProfileDocument::Selection& selection = results.selection;
    const double t0 = selection.hasRange() ? selection.start : times.start();
    const double t1 = selection.hasRange() ? selection.end : times.end();
    // The same range again (a live refresh re-analysed it): the flame graph keeps its zoom.
    const bool sameRange = selection.hasRange() && m_flameGraph->view()->data() && selection == m_flameSelection;
    m_flameSelection = selection;
    m_flameGraph->setData(results.view, t0, t1,
                          refresh || sameRange ? FlameGraphView::Zoom::Keep : FlameGraphView::Zoom::Reset);
    // Search hits pointed into the old rows: find them again (a refresh leaves the current row).
    m_frameMatches = matchingFrames(*results.view, m_searchBar->text());
    m_flameGraph->setMatches(m_frameMatches);
    findHits(!refresh);
    emit viewDataChanged();
}
