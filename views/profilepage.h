#pragma once
// One open profile: a header, the xsbug function views (top-down / bottom-up), the per-path
// Call Tree and Bottom-Up Tree, search, and a source pane. The page owns all of them.
#include "views/document/profiledata.h"

#include <QPersistentModelIndex>
#include "views/document/pathmappings.h"

#include <QWidget>

#include <functional>
#include <vector>

class CostTreeView;
class FlameGraphPanel;
class RangeAnalyzer;
class TimelineWidget;
class FunctionTreeModel;
class QAbstractButton;
class QLabel;
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

    explicit ProfilePage(ProfileDataPtr data, QWidget* parent = nullptr);

    const ProfileDataPtr& data() const { return m_data; }
    QString title() const;

    bool isBottomUp() const { return m_bottomUp; }
    // Switches the function view between top-down and bottom-up; on a per-path tab, switches
    // between Call Tree and Bottom-Up Tree.
    void setBottomUp(bool bottomUp);
    void toggleOrder() { setBottomUp(!m_bottomUp); }

    QTabWidget* tabs() const { return m_tabs; }
    CostTreeView* functionView(bool bottomUp) const { return bottomUp ? m_bottomUpView : m_topDownView; }
    CostTreeView* callTreeView() const { return m_callTreeView; }     // null without stacks
    CostTreeView* bottomUpTreeView() const { return m_bottomUpTreeView; } // null without stacks
    CostTreeView* currentView() const;                                // null on a message tab
    SourcePane* sourcePane() const { return m_source; }

    void focusSearch();
    void setSearchText(const QString& text); // searches at once
    void findNext();
    void findPrevious();
    int matchCount() const { return int(m_hits.size()); }

    void expandHotPath();
    void copySelection() const;
    // Opens the function's file in the source pane, or says in the status bar why not.
    void showSource(const QModelIndex& index);
    // Where to look for sources recorded on another machine (File › Preferences).
    void setPathMappings(const PathMappings& mappings) { m_pathMappings = mappings; }
    // Opens a local source file outside the built-in pane (the user's editor); returns false
    // to let the built-in pane show it.
    using SourceOpener = std::function<bool(const QString& path, int line)>;
    void setSourceOpener(SourceOpener opener) { m_sourceOpener = std::move(opener); }

    // Time range selection (µs in the profile's time base): every view shows only the
    // samples in [t0, t1); big profiles are recomputed off the GUI thread.
    TimelineWidget* timeline() const { return m_timeline; } // null without samples
    FlameGraphPanel* flameGraph() const { return m_flameGraph; }
    void setTimeRange(double t0, double t1);
    void clearTimeRange();
    bool hasTimeRange() const { return m_rangeEnd > m_rangeStart; }
    bool isRangeBusy() const;
    // What the trees and the flame graph show: the range's data, or the whole profile's.
    const ProfileDataPtr& viewData() const { return m_viewData; }

    QByteArray saveViewState() const;
    void restoreViewState(const QByteArray& state);

    // Shows new numbers for the same kind of profile (a live refresh), keeping each tree's
    // expansion, selection and scroll position, the search and the source pane. The new
    // data must have stacks exactly when the old did (the per-path tabs stay as they are).
    void setProfileData(ProfileDataPtr data);

signals:
    void statusMessage(const QString& message);
    // A function's file is not here (nor under a path mapping): the window offers to map it.
    void sourceUnavailable(const QString& url);
    void orderChanged(bool bottomUp);
    void viewDataChanged(); // the trees now show the current range (or everything)

private:
    PathMappings m_pathMappings;
    SourceOpener m_sourceOpener;
    QWidget* createHeader();
    void updateHeader();
    QWidget* createToolBar();
    CostTreeView* createView(FunctionTreeModel* model);
    void addPerPathTabs();
    void search(const QString& text);
    void findAgain();
    void moveToHit(int step);
    QWidget* createRangeBar();
    void setupTimeline();
    void showViewData(ProfileDataPtr data);
    void updateRangeLabel();
    void highlightFunction(const QModelIndex& current);
    void rangeDataReplaced();

    ProfileDataPtr m_data;
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
    QLabel* m_header = nullptr;
    QSplitter* m_splitter = nullptr;
    SourcePane* m_source = nullptr;

    std::vector<char> m_frameMatches; // by FrameId, for the current search text
    QList<QPersistentModelIndex> m_hits;
    int m_hitIndex = -1;

    ProfileDataPtr m_viewData;
    TimelineWidget* m_timeline = nullptr;
    FlameGraphPanel* m_flameGraph = nullptr;
    double m_flameStart = 0.0, m_flameEnd = 0.0; // the range the flame graph shows, 0, 0 for all
    RangeAnalyzer* m_rangeAnalyzer = nullptr;
    QLabel* m_rangeLabel = nullptr;
    QAbstractButton* m_clearRangeButton = nullptr;
    double m_rangeStart = 0.0, m_rangeEnd = 0.0;
};
