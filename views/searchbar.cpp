#include "searchbar.h"

#include "focustoolbutton.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QTimer>
#include <QToolButton>

SearchBar::SearchBar(QWidget* parent)
    : QWidget(parent), m_field(new QLineEdit(this)), m_hits(new QLabel(this)), m_delay(new QTimer(this))
{
    m_field->setPlaceholderText(tr("Find function or file (Ctrl+F)"));
    m_field->setAccessibleName(tr("Find function or file"));
    m_field->setAccessibleDescription(tr("Matching rows are selected as you type; Enter or F3 goes to the next, "
                                         "Shift+F3 to the previous, Esc clears the search"));
    m_field->setClearButtonEnabled(true);
    for (QToolButton* clear : m_field->findChildren<QToolButton*>())
        clear->setAccessibleName(tr("Clear search"));
    m_field->setMinimumWidth(140);
    m_field->setMaximumWidth(400);
    m_field->installEventFilter(this);
    m_delay->setSingleShot(true);
    m_delay->setInterval(200); // search once typing pauses, not on every key
    connect(m_field, &QLineEdit::textChanged, m_delay, qOverload<>(&QTimer::start));
    connect(m_delay, &QTimer::timeout, this, [this] { emit searchRequested(m_field->text()); });
    connect(m_field, &QLineEdit::returnPressed, this, [this] {
        if (m_delay->isActive()) {
            m_delay->stop();
            emit searchRequested(m_field->text());
        } else {
            emit nextRequested();
        }
    });

    auto* previous = new FocusToolButton(this);
    previous->setArrowType(Qt::UpArrow);
    previous->setToolTip(tr("Previous match (Shift+F3)"));
    previous->setAccessibleName(tr("Previous match"));
    connect(previous, &QToolButton::clicked, this, &SearchBar::previousRequested);
    auto* next = new FocusToolButton(this);
    next->setArrowType(Qt::DownArrow);
    next->setToolTip(tr("Next match (F3)"));
    next->setAccessibleName(tr("Next match"));
    connect(next, &QToolButton::clicked, this, &SearchBar::nextRequested);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_field, 1);
    layout->addWidget(previous);
    layout->addWidget(next);
    layout->addSpacing(4);
    layout->addWidget(m_hits);
    m_hits->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("1000 of 1000")));
    m_hits->setAccessibleName(tr("Matches"));
}

bool SearchBar::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_field && event->type() == QEvent::ShortcutOverride) {
        // Ctrl+E is the line edit's "end of line" on X11 but the window's Expand Hot Path:
        // the window's (End still moves to the end of the line).
        const auto* key = static_cast<QKeyEvent*>(event);
        if (key->key() == Qt::Key_E && key->modifiers() == Qt::ControlModifier) {
            event->ignore();
            return true;
        }
    }
    const bool escape = (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress)
                        && static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape;
    if (watched != m_field || !escape)
        return QWidget::eventFilter(watched, event);
    // Esc belongs to the field, not to the page's shortcuts (which clear the time range).
    event->accept();
    if (event->type() == QEvent::KeyPress) {
        if (!m_field->text().isEmpty())
            setText(QString());
        emit closeRequested();
    }
    return true;
}

QString SearchBar::text() const
{
    return m_field->text();
}

void SearchBar::setText(const QString& text)
{
    m_field->setText(text);
    m_delay->stop();
    emit searchRequested(text);
}

void SearchBar::focusField()
{
    m_field->setFocus(Qt::ShortcutFocusReason);
    m_field->selectAll();
}

void SearchBar::setHits(int current, int count)
{
    if (m_field->text().isEmpty())
        m_hits->clear();
    else if (count == 0)
        m_hits->setText(tr("No match"));
    else
        m_hits->setText(tr("%1 of %2").arg(current + 1).arg(count));
}

QString SearchBar::hitsText() const
{
    return m_hits->text();
}
