#include "views/profilepage.h"

#include "views/bottomuptreemodel.h"
#include "views/calltreemodel.h"
#include "views/costformat.h"
#include "views/costtreeview.h"
#include "views/document/modeltext.h"
#include "views/document/sourcemapswitch.h"
#include "views/flamegraphpanel.h"
#include "views/focustoolbutton.h"
#include "views/functiontreemodel.h"
#include "views/profilesearch.h"
#include "views/profilesummarybar.h"
#include "views/readerwarningsbanner.h"
#include "views/searchbar.h"
#include "views/sourcemapdrops.h"
#include "views/sourcepane.h"
#include "views/instrumenttracks.h"
#include "views/timelinewidget.h"
#include "views/transformbreadcrumb.h"
#include "views/transformcontrols.h"

#include <QButtonGroup>
#include <QDataStream>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QShortcut>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace {
constexpr quint32 viewStateVersion = 2; // 2: each tree's columns by cost (CostTreeView::saveColumns)
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
    m_flameGraph = new FlameGraphPanel(m_document);
    m_tabs->addTab(m_flameGraph, tr("Flame Graph"));
    m_searchBar = new SearchBar;
    connect(m_searchBar, &SearchBar::closeRequested, this, &ProfilePage::focusMainView);
    m_search = new ProfileSearch(
        m_document, m_searchBar, m_flameGraph, [this] { return currentView(); },
        [this] { return m_tabs->currentIndex() == FlameGraphTab; }, this);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int tab) {
        if (tab == CallTreeTab || tab == BottomUpTreeTab)
            setBottomUp(tab == BottomUpTreeTab);
        m_search->findAgain();
        followSelection();
    });
    m_topDownView->setAccessibleName(tr("Functions, top-down"));
    m_bottomUpView->setAccessibleName(tr("Functions, bottom-up"));
    for (CostTreeView* view : treeViews())
        view->setAccessibleDescription(tr("Each row reads as the function, its self and its total %1")
                                           .arg(CostFormat::quantity(measure())));

    // The source pane is open from the start, under the trees, and follows the selected
    // function; closed, Enter or a double-click opens it again.
    m_source = new SourcePane;
    connect(m_source, &SourcePane::closeRequested, m_source, &QWidget::hide);
    m_splitter = new QSplitter(Qt::Vertical);
    m_splitter->addWidget(m_tabs);
    m_splitter->addWidget(m_source);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);
    // A pane that only says the source is elsewhere keeps a few lines; the trees take the rest,
    // and its height comes back with the next source shown.
    connect(m_source, &SourcePane::showsMessageChanged, this, [this](bool message) {
        const QList<int> sizes = m_splitter->sizes();
        if (message) {
            if (sizes.value(1) > m_source->messageHeight())
                m_sizesBeforeMessage = sizes;
            return;
        }
        const int height = sizes.value(0) + sizes.value(1);
        if (height <= 0)
            return;
        if (m_sizesBeforeMessage.size() == 2 && m_sizesBeforeMessage[0] + m_sizesBeforeMessage[1] == height)
            m_splitter->setSizes(m_sizesBeforeMessage);
        else
            m_splitter->setSizes({height * 3 / 5, height - height * 3 / 5}); // as the stretch factors share it
    });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 0);
    layout->addWidget(new ProfileSummaryBar(m_document, title()));
    if (!view->warnings.isEmpty()) {
        m_warnings = new ReaderWarningsBanner(view->warnings);
        layout->addWidget(m_warnings);
    }
    setupTimeline();
    // The function of the current row in the view in front, wherever it is chosen, is the
    // document's selected function: the timeline draws it, the source pane shows it.
    for (CostTreeView* view : treeViews()) {
        view->installEventFilter(this);
        connect(view->selectionModel(), &QItemSelectionModel::currentChanged, this, [this, view] {
            if (view == currentView())
                followSelection();
        });
    }
    connect(m_flameGraph->view(), &FlameGraphView::selectionChanged, this, [this] {
        if (m_tabs->currentIndex() == FlameGraphTab)
            followSelection();
    });
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
        // The machine's instruments under the timeline, on its time axis.
        auto* timeAxis = new QWidget;
        auto* timeAxisLayout = new QVBoxLayout(timeAxis);
        timeAxisLayout->setContentsMargins(0, 0, 0, 0);
        timeAxisLayout->setSpacing(0);
        timeAxisLayout->addWidget(m_timeline, 1);
        m_instrumentTracks = new InstrumentTracks(m_document, m_timeline);
        timeAxisLayout->addWidget(m_instrumentTracks);
        m_timelineSplitter->addWidget(timeAxis);
        m_timelineSplitter->addWidget(views);
        m_timelineSplitter->setStretchFactor(1, 1);
        m_timelineSplitter->setChildrenCollapsible(false);
        m_timelineSplitter->setSizes(
            {120 + (m_instrumentTracks->isVisibleTo(timeAxis) ? m_instrumentTracks->sizeHint().height() : 0), 600});
        layout->addWidget(m_timelineSplitter, 1);
    } else {
        layout->addWidget(views, 1);
    }
    connect(m_document, &ProfileDocument::resultsChanged, this, &ProfilePage::showResults);
    connect(m_document, &ProfileDocument::failed, this, &ProfilePage::statusMessage);

    m_sourceMaps = new SourceMapSwitch(m_document, this);
    connect(m_sourceMaps, &SourceMapSwitch::problem, this, &ProfilePage::statusMessage);
    connect(m_sourceMaps, &SourceMapSwitch::searched, this, [this](bool found) {
        if (found || !m_sourceMaps->mapFiles().isEmpty())
            emit statusMessage(tr("Source maps: %1.").arg(m_sourceMaps->summary()));
    });
    new SourceMapDrops(this, m_sourceMaps);
    m_sources = new SourceLookup(m_document, m_sourceMaps, m_source, this);
    connect(m_sources, &SourceLookup::statusMessage, this, &ProfilePage::statusMessage);
    connect(m_sources, &SourceLookup::sourceUnavailable, this, &ProfilePage::sourceUnavailable);

    // Open where the time goes, so a first look already says something.
    m_topDownView->expandHotPath();
    if (m_callTreeView)
        m_callTreeView->expandHotPath();
    followSelection();
}

void ProfilePage::addPerPathTabs()
{
    if (!data()->profile.hasStacks()) {
        // Disabled tabs that say why on hover (their pages say it too, should one be shown).
        const QString text = tr("Per-path views need per-sample stacks, which xst -p files don't have.\n"
                                "The Functions tab shows this profile's call graph.");
        for (const QString& name : {tr("Call Tree"), tr("Bottom-Up Tree")}) {
            auto* label = new QLabel(text);
            label->setAlignment(Qt::AlignCenter);
            label->setWordWrap(true);
            const int tab = m_tabs->addTab(label, name);
            m_tabs->setTabEnabled(tab, false);
            m_tabs->setTabToolTip(tab, text);
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
        name += tr(" — profile %1").arg(whole->profileIndex + 1); // not "[2]": no duplicate counter
    return name;
}

xsprof::Measure ProfilePage::measure() const
{
    return m_document->whole()->profile.info.measure;
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
    m_bottomUpButton->setToolTip(
        tr("Functions by self %1, expanding their callers (Ctrl+B toggles)").arg(CostFormat::quantity(measure())));
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
    if (m_tabs->currentIndex() != FunctionsTab && m_callTreeView)
        m_tabs->setCurrentIndex(bottomUp ? BottomUpTreeTab : CallTreeTab);
    if (focused)
        focusMainView();
    m_search->findAgain();
    followSelection();
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

void ProfilePage::findNext()
{
    m_search->findNext();
}

void ProfilePage::findPrevious()
{
    m_search->findPrevious();
}

int ProfilePage::matchCount() const
{
    return m_search->matchCount();
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
    m_sourceShown = xsprof::FrameId(index.data(CostTreeModel::FrameRole).toUInt());
    m_sources->open(m_sourceShown);
}

QByteArray ProfilePage::saveViewState() const
{
    QByteArray state;
    QDataStream out(&state, QIODevice::WriteOnly);
    out << viewStateVersion << m_splitter->saveState() << m_bottomUp;
    for (CostTreeView* view : {m_topDownView, m_bottomUpView, m_callTreeView, m_bottomUpTreeView}) // all four slots
        out << (view ? view->saveColumns() : QByteArray());
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
        QByteArray columns;
        in >> columns;
        if (view && in.status() == QDataStream::Ok)
            view->restoreColumns(columns); // widths by cost: column sets differ between profiles
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
    // No timeline without samples, nor for samples without times (heap, pprof: the summary bar says so).
    const xsprof::Profile& profile = m_document->whole()->profile;
    if (profile.samples.size() == 0 || !profile.info.hasTimeline)
        return;
    m_timeline = new TimelineWidget(m_document);
    auto* escape = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    escape->setContext(Qt::WidgetWithChildrenShortcut);
    connect(escape, &QShortcut::activated, this, [this] {
        if (hasTimeRange())
            clearTimeRange();
    });
}

xsprof::FrameId ProfilePage::selectedFunction() const
{
    if (const CostTreeView* view = currentView()) {
        const QModelIndex current = view->currentIndex();
        return current.isValid() ? xsprof::FrameId(current.data(CostTreeModel::FrameRole).toUInt()) : xsprof::FrameId();
    }
    if (m_tabs->currentIndex() == FlameGraphTab) {
        if (const FlameGraphLayout::Box* box = m_flameGraph->view()->selectedBox(); box && box->frame.isValid())
            return box->frame;
    }
    return m_document->selectedFunction(); // what the view in front showed last
}

void ProfilePage::setPathMappings(const PathMappings& mappings)
{
    m_sources->setPathMappings(mappings);
    if (m_sourceShown.isValid() && !m_source->isHidden())
        m_sources->preview(m_sourceShown);
}

void ProfilePage::followSelection()
{
    const xsprof::FrameId f = selectedFunction();
    m_document->setSelectedFunction(f);
    // Once per function: a live refresh re-selects the same row, and the pane keeps its scroll.
    if (f.isValid() && f != m_sourceShown && m_sources && !m_source->isHidden()) {
        m_sourceShown = f;
        m_sources->preview(f);
    }
}

// The document's new results: every view changes once. The trees keep what the user
// expanded and selected (matched by function path); the timeline and the flame graph follow
// the document by themselves.
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
    // A new shape: open where the time goes in the tree on screen, as on a first look.
    if (results.change == ProfileDocument::Change::Transforms) {
        if (CostTreeView* view = currentView())
            view->expandHotPath();
    }
    m_search->showResults(refresh);
    emit viewDataChanged();
}
