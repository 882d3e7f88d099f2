#include "views/profilesearch.h"

#include "views/costtreeview.h"
#include "views/document/framesearch.h"
#include "views/document/profiledocument.h"
#include "views/flamegraphpanel.h"
#include "views/searchbar.h"

ProfileSearch::ProfileSearch(ProfileDocument* document, SearchBar* bar, FlameGraphPanel* flameGraph,
                             std::function<CostTreeView*()> currentView, QObject* parent)
    : QObject(parent), m_document(document), m_bar(bar), m_flameGraph(flameGraph),
      m_currentView(std::move(currentView))
{
    connect(m_bar, &SearchBar::searchRequested, this, &ProfileSearch::search);
    connect(m_bar, &SearchBar::nextRequested, this, &ProfileSearch::findNext);
    connect(m_bar, &SearchBar::previousRequested, this, &ProfileSearch::findPrevious);
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

void ProfileSearch::findHits(bool revealFirst)
{
    m_hits.clear();
    m_hitIndex = -1;
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
    CostTreeView* view = m_currentView();
    if (m_hits.isEmpty() || !view)
        return;
    const int count = int(m_hits.size());
    m_hitIndex = m_hitIndex < 0 ? (step > 0 ? 0 : count - 1) : ((m_hitIndex + step) % count + count) % count;
    view->reveal(m_hits[m_hitIndex]);
    m_bar->setHits(m_hitIndex, count);
}
