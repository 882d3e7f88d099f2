#include "newtabmarker.h"

#include <QEvent>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>

#include <algorithm>

NewTabMarker::NewTabMarker(QTabWidget* tabs, QObject* parent) : QObject(parent), m_tabs(tabs), m_bar(tabs->tabBar())
{
    connect(tabs, &QTabWidget::currentChanged, this, &NewTabMarker::seen);
    m_bar->installEventFilter(this);
    m_scroll.setSingleShot(true);
    m_scroll.setInterval(0);
    connect(&m_scroll, &QTimer::timeout, this, &NewTabMarker::keepNewestInView);
}

void NewTabMarker::opened(QWidget* tab, const QString& note)
{
    const int index = m_tabs->indexOf(tab);
    if (index < 0 || index == m_tabs->currentIndex())
        return;
    QTabBar* bar = m_tabs->tabBar();
    bar->setTabTextColor(index, bar->palette().color(QPalette::Link));
    m_keepInView = tab;
    m_keepUntil = QDeadlineTimer(2000);
    m_scroll.start(); // once the tab widget has laid its strip out with the new tab
    m_marks.append({tab, note});
    connect(tab, &QObject::destroyed, this, [this] { seen(-1); });
    emit noteShown(note);
}

void NewTabMarker::keepNewestInView()
{
    if (!m_tabs || !m_keepInView || m_keepUntil.hasExpired() || m_tabs->currentWidget() == m_keepInView)
        return;
    const int index = m_tabs->indexOf(m_keepInView);
    if (index >= 0)
        scrollIntoView(m_tabs->tabBar(), index);
}

bool NewTabMarker::eventFilter(QObject* watched, QEvent* event)
{
    // After the bar's own resize handling (which scrolls to the front tab) has run.
    if ((event->type() == QEvent::Resize || event->type() == QEvent::Show) && watched == m_bar && m_keepInView
        && !m_keepUntil.hasExpired())
        m_scroll.start();
    return QObject::eventFilter(watched, event);
}

bool NewTabMarker::isMarked(const QWidget* tab) const
{
    return std::any_of(m_marks.begin(), m_marks.end(), [tab](const Mark& mark) { return mark.tab == tab; });
}

// Drops the marks of the tab in front (`index`) and of tabs closed since.
void NewTabMarker::seen(int index)
{
    QWidget* front = index >= 0 ? m_tabs->widget(index) : nullptr;
    for (qsizetype i = m_marks.size() - 1; i >= 0; --i) {
        const Mark& mark = m_marks.at(i);
        if (mark.tab && mark.tab != front)
            continue;
        if (mark.tab)
            m_tabs->tabBar()->setTabTextColor(index, QColor()); // the style's colour again
        const QString note = mark.note;
        m_marks.removeAt(i);
        emit noteWithdrawn(note);
    }
}

void NewTabMarker::scrollIntoView(QTabBar* bar, int index)
{
    // QTabBar scrolls only to its current tab; its scroll buttons step one tab at a time.
    QToolButton* left = nullptr;
    QToolButton* right = nullptr;
    for (QToolButton* button : bar->findChildren<QToolButton*>(Qt::FindDirectChildrenOnly)) {
        if (button->arrowType() == Qt::LeftArrow)
            left = button;
        else if (button->arrowType() == Qt::RightArrow)
            right = button;
    }
    if (!left || !right)
        return;
    for (int step = 0; step < bar->count(); ++step) {
        const QRect tab = bar->tabRect(index); // first: it lays the strip out, buttons included
        if (!left->isVisible() && !right->isVisible())
            return; // every tab fits
        // The strip's visible part: up to the buttons (both at its right end, or one at each).
        int from = 0, to = bar->width();
        for (const QToolButton* button : {left, right}) {
            if (!button->isVisible())
                continue;
            if (button->geometry().center().x() > bar->width() / 2)
                to = std::min(to, button->geometry().left());
            else
                from = std::max(from, button->geometry().right() + 1);
        }
        if (tab.right() >= to && right->isEnabled())
            right->click();
        else if (tab.left() < from && left->isEnabled())
            left->click();
        else
            return;
    }
}
