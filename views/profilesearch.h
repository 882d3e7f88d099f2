#pragma once
// Search across a profile page's views: the functions whose name or file holds the find
// field's text keep their colour in the flame graph, and their rows in the tree on screen are
// the hits that Next and Previous (F3, Shift+F3) step through.
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
    // `currentView` gives the tree on screen (null on another tab).
    ProfileSearch(ProfileDocument* document, SearchBar* bar, FlameGraphPanel* flameGraph,
                  std::function<CostTreeView*()> currentView, QObject* parent = nullptr);

    int matchCount() const { return int(m_hits.size()); }
    void findNext() { moveToHit(1); }
    void findPrevious() { moveToHit(-1); }
    // Another tree is on screen: its hits, the first one shown.
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

    ProfileDocument* m_document;
    SearchBar* m_bar;
    FlameGraphPanel* m_flameGraph;
    std::function<CostTreeView*()> m_currentView;
    std::vector<char> m_frameMatches; // by FrameId, for the current text
    QList<QPersistentModelIndex> m_hits;
    int m_hitIndex = -1;
};
