#pragma once
// One open profile's views: a header, the timeline, the xsbug function views (top-down /
// bottom-up), the per-path Call Tree and Bottom-Up Tree, the flame graph, search, and a
// source pane. The page lays them out and wires them to its ProfileDocument, which holds
// the profile, the selection and the analyses; the views only show the document's results
// (the timeline and the flame graph follow it by themselves). Search lives in ProfileSearch,
// opening sources in SourceLookup, dropped source maps in SourceMapDrops.
#include "views/document/pathmappings.h"
#include "views/document/profiledocument.h"
#include "views/sourcelookup.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QWidget>

#include <vector>

class CostTreeView;
class FlameGraphPanel;
class ProfileSummaryBar;
class ReaderWarningsBanner;
class SourceMapSwitch;
class TimelineWidget;
class InstrumentTracks;
class TransformControls;
class ProfileSearch;
class QAbstractButton;
class QModelIndex;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class SearchBar;
class SourcePane;

class ProfilePage : public QWidget
{
    Q_OBJECT
public:
    enum Tab { FunctionsTab, CallTreeTab, BottomUpTreeTab, FlameGraphTab };

    // Shows `document`; a document without a parent becomes the page's.
    explicit ProfilePage(ProfileDocument* document, QWidget* parent = nullptr);
    // A page with a document of its own for `data`.
    explicit ProfilePage(ProfileDataPtr data, QWidget* parent = nullptr);

    ProfileDocument* document() const { return m_document; }
    // The whole profile as analysed (after the document's transforms).
    const ProfileDataPtr& data() const { return m_document->whole(); }
    QString title() const;
    // The strip naming what the reader repaired or left out; null when it reported nothing.
    ReaderWarningsBanner* warningsBanner() const { return m_warnings; }
    // Original sources through source maps (View › Original Sources); a .map file dropped on
    // the page is added to it.
    SourceMapSwitch* sourceMaps() const { return m_sourceMaps; }

    bool isBottomUp() const { return m_bottomUp; }
    // Switches the function view between top-down and bottom-up; on a per-path tab, switches
    // between Call Tree and Bottom-Up Tree.
    void setBottomUp(bool bottomUp);
    void toggleOrder() { setBottomUp(!m_bottomUp); }

    QTabWidget* tabs() const { return m_tabs; }
    // The views show the document's latest results (a hidden one catches up when it is shown
    // or asked for: new results only rebuild the trees on screen).
    CostTreeView* functionView(bool bottomUp) const { return fresh(bottomUp ? m_bottomUpView : m_topDownView); }
    CostTreeView* callTreeView() const { return fresh(m_callTreeView); }         // null without stacks
    CostTreeView* bottomUpTreeView() const { return fresh(m_bottomUpTreeView); } // null without stacks
    CostTreeView* currentView() const;                                // null on a message tab
    SourcePane* sourcePane() const { return m_source; }
    // The breadcrumb and the transform menus of every view.
    TransformControls* transformControls() const { return m_transforms; }

    void focusSearch();
    SearchBar* searchBar() const { return m_searchBar; }
    // The view of the current tab (a tree, or the flame graph): where the keyboard goes after
    // a document switch, a search or Esc in the find field.
    QWidget* mainView() const;
    void focusMainView();
    // Shows the whole time range in the timeline and the top of the flame graph (Ctrl+0).
    void resetZoom();
    void setSearchText(const QString& text); // searches at once
    void findNext();
    void findPrevious();
    int matchCount() const;

    // The function selected in the view in front: the current row of the tree on screen, the
    // flame graph's selected frame, else the one selected last (invalid when none).
    xsprof::FrameId selectedFunction() const;

    void expandHotPath();
    void copySelection() const;
    // Opens the function's file in the source pane, or says in the status bar why not.
    void showSource(const QModelIndex& index);
    // Where to look for sources recorded on another machine (File › Preferences).
    // Where sources recorded elsewhere are here; the pane shows its function again under them.
    void setPathMappings(const PathMappings& mappings);
    // Opens a local source file outside the built-in pane (the user's editor); returns false
    // to let the built-in pane show it.
    using SourceOpener = SourceLookup::EditorOpener;
    void setSourceOpener(SourceOpener opener) { m_sources->setEditorOpener(std::move(opener)); }

    // Time range selection (µs in the profile's time base): every view shows only the
    // samples in [t0, t1); the document, which holds it, recomputes big profiles off the GUI
    // thread.
    TimelineWidget* timeline() const { return m_timeline; } // null without samples
    InstrumentTracks* instrumentTracks() const { return m_instrumentTracks; } // with the timeline
    FlameGraphPanel* flameGraph() const { return m_flameGraph; }
    void setTimeRange(double t0, double t1) { m_document->setTimeRange(t0, t1); }
    void clearTimeRange() { m_document->clearTimeRange(); }
    bool hasTimeRange() const { return m_document->requestedSelection().hasRange(); }
    bool isRangeBusy() const { return m_document->isBusy(); }
    // What the trees and the flame graph show: the range's data, or the whole profile's.
    const ProfileDataPtr& viewData() const { return m_document->view(); }

    QByteArray saveViewState() const;
    void restoreViewState(const QByteArray& state);

    // Shows new numbers for the same kind of profile (a live refresh), keeping each tree's
    // expansion, selection and scroll position, the search and the source pane. The new
    // data must have stacks exactly when the old did (the per-path tabs stay as they are).
    // With a range selected, the trees change once, when the range's numbers are ready.
    void setProfileData(ProfileDataPtr data);

signals:
    void statusMessage(const QString& message);
    // A function's file is not here (nor under a path mapping): the window offers to map it.
    void sourceUnavailable(const QString& url);
    void orderChanged(bool bottomUp);
    void viewDataChanged(); // the views now show the document's latest results
    void callersCalleesRequested(xsprof::FrameId frame); // from a view's context menu

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;

private:
    std::vector<CostTreeView*> treeViews() const; // those that exist
    // `view` after it caught up with the document's results (null stays null).
    CostTreeView* fresh(CostTreeView* view) const;
    void showResultsIn(CostTreeView* view) const;
    QWidget* createToolBar();
    xsprof::Measure measure() const; // the profile's, for the texts that name it
    void addPerPathTabs();
    void setupTimeline();
    void showResults();
    // The view in front chose another function: the document's selected function (the
    // timeline's overlay) and an open source pane follow it.
    void followSelection();

    ProfileDocument* m_document;
    bool m_bottomUp = false;
    QTabWidget* m_tabs = nullptr;
    QStackedWidget* m_functionStack = nullptr;
    CostTreeView* m_topDownView = nullptr;
    CostTreeView* m_bottomUpView = nullptr;
    CostTreeView* m_callTreeView = nullptr;
    CostTreeView* m_bottomUpTreeView = nullptr;
    QAbstractButton* m_topDownButton = nullptr;
    QAbstractButton* m_bottomUpButton = nullptr;
    SearchBar* m_searchBar = nullptr;
    ReaderWarningsBanner* m_warnings = nullptr; // what the reader repaired; null when nothing
    SourceMapSwitch* m_sourceMaps = nullptr;
    QSplitter* m_splitter = nullptr;
    QSplitter* m_timelineSplitter = nullptr; // the timeline above the rest, when there is one
    SourcePane* m_source = nullptr;
    QList<int> m_sizesBeforeMessage; // the splitter's sizes while the pane showed a file
    SourceLookup* m_sources = nullptr;
    xsprof::FrameId m_sourceShown; // the function the source pane was last asked to show
    ProfileSearch* m_search = nullptr;

    TimelineWidget* m_timeline = nullptr;
    InstrumentTracks* m_instrumentTracks = nullptr;
    FlameGraphPanel* m_flameGraph = nullptr;
    TransformControls* m_transforms = nullptr;
    mutable std::vector<CostTreeView*> m_staleViews; // hidden when the results changed
};
