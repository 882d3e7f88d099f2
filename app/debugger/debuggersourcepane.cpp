#include "app/debugger/debuggersourcepane.h"

#include "app/debugger/breakpointsmodel.h"
#include "views/searchbar.h"
#include "views/sourceview.h"

#include <QAction>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

DebuggerSourcePane::DebuggerSourcePane(BreakpointsModel* breakpoints, QWidget* parent)
    : QWidget(parent), m_breakpoints(breakpoints), m_title(new QLabel(this)), m_view(new SourceView(this)),
      m_search(new SearchBar(this))
{
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setTextFormat(Qt::PlainText); // a path from the machine
    m_title->setText(tr("No source"));
    if (auto* field = m_search->findChild<QLineEdit*>())
        field->setPlaceholderText(tr("Find in source (Ctrl+F)"));
    m_search->setMaximumWidth(320);
    connect(m_search, &SearchBar::searchRequested, this, [this](const QString& text) {
        m_view->moveCursor(QTextCursor::Start);
        find(text);
    });
    connect(m_search, &SearchBar::nextRequested, this, [this] { find(m_search->text()); });
    connect(m_search, &SearchBar::previousRequested, this, [this] { find(m_search->text(), true); });
    auto* findAction = new QAction(tr("Find"), this);
    findAction->setShortcut(QKeySequence::Find);
    findAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(findAction, &QAction::triggered, m_search, &SearchBar::focusField);
    addAction(findAction);

    connect(m_view, &SourceView::gutterClicked, this, [this](int line) {
        if (m_loaded && m_breakpoints)
            m_breakpoints->toggle(m_path, line);
    });
    if (m_breakpoints) {
        for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
            connect(m_breakpoints, signal, this, &DebuggerSourcePane::updateMarkers);
        connect(m_breakpoints, &QAbstractItemModel::modelReset, this, &DebuggerSourcePane::updateMarkers);
        connect(m_breakpoints, &QAbstractItemModel::dataChanged, this, &DebuggerSourcePane::updateMarkers);
    }

    auto* top = new QHBoxLayout;
    top->setContentsMargins(4, 0, 0, 0);
    top->addWidget(m_title, 1);
    top->addWidget(m_search);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(top);
    layout->addWidget(m_view, 1);
}

bool DebuggerSourcePane::showLocation(const QString& path, int line)
{
    if (path == m_path && m_loaded) {
        m_view->setSource(m_view->toPlainText(), line); // same file: only move the highlight
        updateMarkers();
        return true;
    }
    m_path = path;
    QFile file(m_pathMappings.apply(path));
    m_loaded = !path.isEmpty() && file.open(QIODevice::ReadOnly | QIODevice::Text);
    if (m_loaded) {
        m_title->setText(line > 0 ? tr("%1, line %2").arg(QFileInfo(path).fileName()).arg(line) : QFileInfo(path).fileName());
        m_title->setToolTip(path);
        m_view->setSource(QString::fromUtf8(file.readAll()), line);
    } else {
        m_title->setText(path.isEmpty() ? tr("No source") : tr("%1, line %2").arg(QFileInfo(path).fileName()).arg(line));
        m_title->setToolTip(path);
        m_view->setSource(QString(), 0);
        m_view->setPlaceholderText(path.isEmpty() ? QString() : tr("%1 is not on this computer.").arg(path));
    }
    updateMarkers();
    return m_loaded;
}

bool DebuggerSourcePane::find(const QString& text, bool backward)
{
    if (text.isEmpty())
        return false;
    const QTextDocument::FindFlags flags = backward ? QTextDocument::FindBackward : QTextDocument::FindFlags();
    if (m_view->find(text, flags))
        return true;
    // Wrap around once.
    const QTextCursor keep = m_view->textCursor();
    m_view->moveCursor(backward ? QTextCursor::End : QTextCursor::Start);
    if (m_view->find(text, flags))
        return true;
    m_view->setTextCursor(keep);
    return false;
}

void DebuggerSourcePane::updateMarkers()
{
    QList<int> enabled;
    if (m_breakpoints && m_loaded) {
        for (const Breakpoint& b : m_breakpoints->breakpoints()) {
            if (b.enabled && b.path == m_path)
                enabled << b.line;
        }
    }
    m_view->setMarkedLines(enabled);
}
