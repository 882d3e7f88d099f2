#include "views/profilesearch.h"

#include "views/costtreeview.h"
#include "views/document/framesearch.h"
#include "views/document/profiledocument.h"
#include "views/flamegraphpanel.h"
#include "views/searchbar.h"

#include <algorithm>

ProfileSearch::ProfileSearch(ProfileDocument* document, SearchBar* bar, FlameGraphPanel* flameGraph,
                             std::function<CostTreeView*()> currentView, std::function<bool()> flameGraphInFront,
                             QObject* parent)
    : QObject(parent), m_document(document), m_bar(bar), m_flameGraph(flameGraph),
      m_currentView(std::move(currentView)), m_flameGraphInFront(std::move(flameGraphInFront))
{
    connect(m_bar, &SearchBar::searchRequested, this, &ProfileSearch::search);
    connect(m_bar, &SearchBar::nextRequested, this, &ProfileSearch::findNext);
    connect(m_bar, &SearchBar::previousRequested, this, &ProfileSearch::findPrevious);
    // A box chosen by hand or a zoom changes which hit is current and how many are on screen.
    for (auto signal : {&FlameGraphView::selectionChanged, &FlameGraphView::zoomChanged})
        connect(m_flameGraph->view(), signal, this, &ProfileSearch::countFlameGraphHits);
}

void ProfileSearch::search(const QString& text)
{
    m_frameMatches = matchingFrames(*m_document->view(), text);
    m_flameGraph->setMatches(m_frameMatches);
    findAgain();
}

void ProfileSearch::showResults(bool keepCurrentRow)
{
    m_frameMatches = matchingFrames(*m_document->view(), m_bar->text());
    m_flameGraph->setMatches(m_frameMatches);
    findHits(!keepCurrentRow);
}

int ProfileSearch::matchCount() const
{
    return searchingFlameGraph() ? int(flameGraphHits().size()) : int(m_hits.size());
}

bool ProfileSearch::searchingFlameGraph() const
{
    return m_flameGraphInFront() && !m_bar->text().isEmpty() && !m_frameMatches.empty();
}

void ProfileSearch::findHits(bool revealFirst)
{
    m_hits.clear();
    m_hitIndex = -1;
    if (m_flameGraphInFront()) {
        if (revealFirst && searchingFlameGraph() && !flameGraphHits().empty())
            moveToFlameGraphHit(1);
        else
            countFlameGraphHits();
        return;
    }
    CostTreeView* view = m_currentView();
    if (view && !m_bar->text().isEmpty() && !m_frameMatches.empty())
        m_hits = view->findRows([this](quint32 f) { return f < m_frameMatches.size() && m_frameMatches[f]; });
    if (m_hits.isEmpty()) {
        m_bar->setHits(-1, 0);
    } else if (revealFirst) {
        moveToHit(1);
    } else {
        m_hitIndex = int(m_hits.indexOf(QPersistentModelIndex(view->currentIndex().siblingAtColumn(0))));
        m_bar->setHits(qMax(m_hitIndex, 0), int(m_hits.size()));
    }
}

void ProfileSearch::moveToHit(int step)
{
    if (m_flameGraphInFront()) {
        moveToFlameGraphHit(step);
        return;
    }
    CostTreeView* view = m_currentView();
    if (m_hits.isEmpty() || !view)
        return;
    const int count = int(m_hits.size());
    m_hitIndex = m_hitIndex < 0 ? (step > 0 ? 0 : count - 1) : ((m_hitIndex + step) % count + count) % count;
    view->reveal(m_hits[m_hitIndex]);
    m_bar->setHits(m_hitIndex, count);
}

std::vector<int> ProfileSearch::flameGraphHits() const
{
    std::vector<int> hits;
    if (m_bar->text().isEmpty() || m_frameMatches.empty())
        return hits;
    const auto& boxes = m_flameGraph->view()->layout().boxes();
    for (size_t i = 0; i < boxes.size(); ++i) {
        const auto f = boxes[i].frame;
        if (f.isValid() && f.value < m_frameMatches.size() && m_frameMatches[f.value])
            hits.push_back(int(i));
    }
    return hits;
}

// From the selected box (a hit or not) to the next hit after it in reading order.
void ProfileSearch::moveToFlameGraphHit(int step)
{
    const std::vector<int> hits = flameGraphHits();
    if (hits.empty())
        return;
    const int count = int(hits.size());
    const int selected = m_flameGraph->view()->selectedIndex();
    int to = 0;
    if (selected < 0) {
        to = step > 0 ? 0 : count - 1;
    } else if (step > 0) {
        to = int(std::upper_bound(hits.begin(), hits.end(), selected) - hits.begin()) % count;
    } else {
        const int below = int(std::lower_bound(hits.begin(), hits.end(), selected) - hits.begin());
        to = (below - 1 + count) % count;
    }
    m_movingInFlameGraph = true;
    m_flameGraph->view()->selectBox(hits[size_t(to)]);
    m_movingInFlameGraph = false;
    m_bar->setHits(to, count);
}

void ProfileSearch::countFlameGraphHits()
{
    if (m_movingInFlameGraph || !m_flameGraphInFront())
        return;
    if (!searchingFlameGraph()) { // nothing to count: the layout is not needed
        m_bar->setHits(-1, 0);
        return;
    }
    const std::vector<int> hits = flameGraphHits();
    const auto at = std::find(hits.begin(), hits.end(), m_flameGraph->view()->selectedIndex());
    m_bar->setHits(at == hits.end() ? 0 : int(at - hits.begin()), int(hits.size()));
}
