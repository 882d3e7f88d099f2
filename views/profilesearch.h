#pragma once
// Search across a profile page's views: the functions whose name or file holds the find
// field's text keep their colour in the flame graph, and the hits that Next and Previous
// (F3, Shift+F3, Enter in the field) step through are their rows in the tree on screen, or
// their boxes in the flame graph when it is in front.
#include <QList>
#include <QObject>
#include <QPersistentModelIndex>

#include <functional>
#include <vector>

class CostTreeView;
class FlameGraphPanel;
class ProfileDocument;
class SearchBar;

class ProfileSearch : public QObject
{
    Q_OBJECT
public:
    // `currentView` gives the tree on screen (null on another tab); `flameGraphInFront` says
    // whether the flame graph's tab is.
    ProfileSearch(ProfileDocument* document, SearchBar* bar, FlameGraphPanel* flameGraph,
                  std::function<CostTreeView*()> currentView, std::function<bool()> flameGraphInFront,
                  QObject* parent = nullptr);

    int matchCount() const;
    void findNext() { moveToHit(1); }
    void findPrevious() { moveToHit(-1); }
    // Another view is on screen: its hits, the first one shown.
    void findAgain() { findHits(true); }
    // The document's new results (after the trees show them): the hits pointed into the old
    // rows, so they are found again; `keepCurrentRow` (a refresh) leaves the current row.
    void showResults(bool keepCurrentRow);

private:
    void search(const QString& text);
    // Finds the text's rows in the current view; `revealFirst` moves to the first hit,
    // otherwise the current row stays.
    void findHits(bool revealFirst);
    void moveToHit(int step);
    bool searchingFlameGraph() const;
    // The matching boxes of the flame graph as laid out now (top row first, left to right).
    std::vector<int> flameGraphHits() const;
    void moveToFlameGraphHit(int step);
    void countFlameGraphHits(); // the counter after the graph's selection or zoom changed

    ProfileDocument* m_document;
    SearchBar* m_bar;
    FlameGraphPanel* m_flameGraph;
    std::function<CostTreeView*()> m_currentView;
    std::function<bool()> m_flameGraphInFront;
    std::vector<char> m_frameMatches; // by FrameId, for the current text
    QList<QPersistentModelIndex> m_hits;
    int m_hitIndex = -1;
    bool m_movingInFlameGraph = false;
};
