#include "plaintab.h"

PlainTab::PlainTab(QWidget* page, const QString& title, std::function<void()> removed)
    : m_page(page), m_title(title), m_removed(std::move(removed))
{
}

void PlainTab::aboutToRemove()
{
    if (m_removed)
        m_removed();
}
