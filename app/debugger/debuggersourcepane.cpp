#include "app/debugger/debuggersourcepane.h"

#include "app/debugger/breakpointeditor.h"
#include "app/debugger/breakpointsmodel.h"
#include "views/searchbar.h"
#include "views/sourceview.h"

#include <QAction>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QVBoxLayout>

DebuggerSourcePane::DebuggerSourcePane(BreakpointsModel* breakpoints, QWidget* parent)
    : QWidget(parent), m_breakpoints(breakpoints), m_title(new QLabel(this)), m_view(new SourceView(this)),
      m_search(new SearchBar(this))
{
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setTextFormat(Qt::PlainText); // a path from the machine
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // a long note never widens the pane
    m_title->setWordWrap(true); // it takes a second line rather than being cut ("… may d")
    m_title->setText(tr("No source"));
    m_view->setAccessibleDescription(m_title->text());
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
    connect(m_view, &SourceView::gutterMenuRequested, this, &DebuggerSourcePane::showGutterMenu);
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
    const QString location =
        line > 0 ? tr("%1, line %2").arg(QFileInfo(path).fileName()).arg(line) : QFileInfo(path).fileName();
    // Read again each time: a file edited since shows as it is now, its changed lines marked.
    const SourceChanges::Reading reading =
        path.isEmpty() ? SourceChanges::Reading() : m_changes.read(path, m_pathMappings.apply(path));
    const bool samePath = path == m_path && m_loaded;
    m_path = path;
    m_loaded = reading.ok;
    m_changeNote = reading.note;
    if (m_loaded) {
        m_title->setText(reading.note.isEmpty() ? location : tr("%1 — %2").arg(location, reading.note));
        m_title->setToolTip(reading.note.isEmpty() ? path : path + QLatin1Char('\n') + reading.note);
        // The same text: only the highlight moves (the view keeps its scroll and selection).
        m_view->setSource(samePath && reading.text == m_view->toPlainText() ? m_view->toPlainText() : reading.text, line);
        m_view->setChangedLines(reading.changed);
    } else {
        m_title->setText(path.isEmpty() ? tr("No source") : tr("%1, line %2").arg(QFileInfo(path).fileName()).arg(line));
        m_title->setToolTip(path);
        m_view->setSource(QString(), 0);
        m_view->setChangedLines({});
        m_view->setPlaceholderText(path.isEmpty() ? QString() : tr("%1 is not on this computer.").arg(path));
    }
    m_view->setAccessibleDescription(m_title->text()); // which file, at which line, changed or not
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
    QMap<int, SourceView::Marker> markers;
    if (m_breakpoints && m_loaded) {
        for (const Breakpoint& b : m_breakpoints->breakpoints()) {
            if (b.function || b.path != m_path)
                continue;
            markers.insert(b.line, !b.enabled            ? SourceView::Marker::Disabled
                                   : b.isLogPoint()        ? SourceView::Marker::LogPoint
                                   : !b.condition.isEmpty() ? SourceView::Marker::Conditional
                                                           : SourceView::Marker::Plain);
        }
    }
    m_view->setLineMarkers(markers);
}

QString DebuggerSourcePane::title() const
{
    return m_title->text();
}

bool DebuggerSourcePane::openLocalFile(const QString& localPath)
{
    const QString absolute = QFileInfo(localPath).absoluteFilePath();
    m_path.clear(); // reload even when it is the file shown
    return showLocation(m_pathMappings.reverse(absolute), 0);
}

void DebuggerSourcePane::showGutterMenu(int line, const QPoint& globalPos)
{
    if (!m_loaded || !m_breakpoints)
        return;
    auto* menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    const int row = m_breakpoints->rowOf(m_path, line);
    if (row < 0) {
        menu->addAction(tr("Add Breakpoint"), this, [this, line] { m_breakpoints->add(m_path, line); });
        menu->addAction(tr("Add Conditional Breakpoint…"), this,
                        [this, line] { editBreakpoint(line, int(BreakpointEditor::Focus::Condition)); });
        menu->addAction(tr("Add Log Point…"), this,
                        [this, line] { editBreakpoint(line, int(BreakpointEditor::Focus::LogMessage)); });
    } else {
        const bool enabled = m_breakpoints->breakpoints().at(row).enabled;
        menu->addAction(tr("Remove Breakpoint"), this, [this, line] { m_breakpoints->remove(m_path, line); });
        menu->addAction(tr("Edit Breakpoint…"), this,
                        [this, line] { editBreakpoint(line, int(BreakpointEditor::Focus::Condition)); });
        menu->addAction(enabled ? tr("Disable Breakpoint") : tr("Enable Breakpoint"), this, [this, line, enabled] {
            m_breakpoints->setEnabled(m_breakpoints->rowOf(m_path, line), !enabled);
        });
    }
    menu->popup(globalPos);
}

void DebuggerSourcePane::editBreakpoint(int line, int focus)
{
    if (!m_loaded || !m_breakpoints || line <= 0)
        return;
    const int row = m_breakpoints->rowOf(m_path, line);
    const Breakpoint current = row >= 0 ? m_breakpoints->breakpoints().at(row) : Breakpoint(m_path, line);
    auto* editor = new BreakpointEditor(current, BreakpointEditor::Focus(focus), this);
    editor->setAttribute(Qt::WA_DeleteOnClose);
    editor->setNote(tr("Conditions and log messages are compiled by the XS compiler (Preferences › Debugger) for "
                       "each machine; a machine whose XS version or ID size differs from the compiler's does not "
                       "get them."));
    connect(editor, &BreakpointEditor::edited, this, [this](const Breakpoint& b) { m_breakpoints->addBreakpoint(b); });
    editor->open();
}
