#include "app/debugger/consolemodel.h"

#include "protocol/debuggee.h"

#include <QColor>
#include <QFont>
#include <QGuiApplication>
#include <QPalette>

#include <algorithm>
#include <iterator>

ConsoleModel::ConsoleModel(QObject* parent) : QAbstractListModel(parent) {}

void ConsoleModel::attach(Debuggee* session, const QString& source)
{
    // A machine printing as fast as it can sends thousands of lines between two turns of the
    // event loop: they become rows together at the next turn.
    connect(session, &Debuggee::logged, this, [this, source](const xsbug::Log& log) {
        if (!m_batching) {
            startBatch();
            QMetaObject::invokeMethod(this, &ConsoleModel::endBatch, Qt::QueuedConnection);
        }
        appendLog(log, source);
    });
    // A partial line left by a machine that went away is finished: the next machine with
    // the same name starts a new line.
    connect(session, &Debuggee::disconnected, this, [this, source] { m_openLine.remove(source); });
}

void ConsoleModel::appendLog(const xsbug::Log& log, const QString& source)
{
    if (log.path.isEmpty()) {
        appendText(log.text, source);
        return;
    }
    // xsbug prefixes located logs and colours them by what they say (DebugBehavior.js onLogged).
    Kind kind = Kind::Exception;
    if (!log.text.startsWith(QLatin1String("# ")))
        kind = Kind::Breakpoint; // a log point's value (breakpoint-trace): not an error
    else if (log.text.contains(QLatin1String("breakpoint")))
        kind = Kind::Breakpoint;
    else if (log.text.contains(QLatin1String("debugger")) || log.text.contains(QLatin1String("step")))
        kind = Kind::Debugger;
    m_openLine.remove(source); // the location starts a line of its own
    appendToSource(source, log.path + QStringLiteral(" (") + QString::number(log.line) + QStringLiteral(") ") + log.text,
                   kind);
}

void ConsoleModel::appendText(const QString& text, const QString& source)
{
    appendToSource(source, text, Kind::Plain);
}

void ConsoleModel::appendLine(const QString& text, Kind kind, const QString& source)
{
    m_openLine.remove(source); // a line of its own
    push(Line{source, text, kind, kind});
    trim();
}

qint64 ConsoleModel::push(Line line)
{
    if (m_batching) {
        m_pending.push_back(std::move(line));
        return m_firstSerial + qint64(m_lines.size() + m_pending.size()) - 1;
    }
    const int row = int(m_lines.size());
    beginInsertRows({}, row, row);
    m_lines.push_back(std::move(line));
    endInsertRows();
    return m_firstSerial + row;
}

ConsoleModel::Line& ConsoleModel::lineOfSerial(qint64 serial, bool* pending)
{
    const size_t row = size_t(rowOfSerial(serial));
    *pending = row >= m_lines.size();
    return *pending ? m_pending[row - m_lines.size()] : m_lines[row];
}

void ConsoleModel::endBatch()
{
    m_batching = false;
    if (m_pending.empty()) {
        trim();
        return;
    }
    // Only the newest m_maxLines of the rows and the batch stay.
    const qint64 excess = qint64(m_lines.size() + m_pending.size()) - m_maxLines;
    if (excess > 0) {
        const qint64 fromRows = std::min<qint64>(excess, qint64(m_lines.size()));
        if (fromRows > 0) {
            beginRemoveRows({}, 0, int(fromRows - 1));
            m_lines.erase(m_lines.begin(), m_lines.begin() + fromRows);
            m_firstSerial += fromRows;
            endRemoveRows();
        }
        if (const qint64 fromBatch = excess - fromRows; fromBatch > 0) { // m_lines is empty now
            m_pending.erase(m_pending.begin(), m_pending.begin() + fromBatch);
            m_firstSerial += fromBatch;
        }
    }
    const int row = int(m_lines.size());
    beginInsertRows({}, row, row + int(m_pending.size()) - 1);
    std::move(m_pending.begin(), m_pending.end(), std::back_inserter(m_lines));
    m_pending.clear();
    endInsertRows();
    trim(); // forgets open lines that went
}

void ConsoleModel::appendToSource(const QString& source, const QString& text, Kind pathKind)
{
    const QStringList pieces = text.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < pieces.size(); ++i) {
        const bool last = i == pieces.size() - 1;
        QString piece = pieces.at(i);
        if (piece.endsWith(QLatin1Char('\r')))
            piece.chop(1);
        if (last && piece.isEmpty())
            break; // text ended with LF: nothing open
        const auto open = m_openLine.constFind(source);
        if (open != m_openLine.constEnd()) {
            bool pending = false;
            Line& line = lineOfSerial(*open, &pending);
            line.text += piece;
            classify(line);
            if (!pending) {
                const int row = int(rowOfSerial(*open));
                emit dataChanged(index(row), index(row));
            }
        } else {
            Line line{source, piece, Kind::Plain, pathKind};
            classify(line);
            m_openLine.insert(source, push(std::move(line)));
        }
        if (!last)
            m_openLine.remove(source);
    }
    trim();
}

void ConsoleModel::classify(Line& line) const
{
    static const struct {
        QLatin1String tag;
        Kind kind;
    } tags[] = {{QLatin1String("<info>"), Kind::Info}, {QLatin1String("<warn>"), Kind::Warn},
                {QLatin1String("<error>"), Kind::Error}};
    for (const auto& t : tags) {
        if (line.text.startsWith(t.tag)) {
            line.text.remove(0, t.tag.size()); // xsbug shows the colour, not the tag
            line.kind = t.kind;
            return;
        }
    }
    if (line.kind == Kind::Plain)
        line.kind = line.pathKind;
}

void ConsoleModel::trim()
{
    if (m_batching)
        return; // endBatch() trims
    const qint64 excess = qint64(m_lines.size()) - m_maxLines;
    if (excess <= 0)
        return;
    beginRemoveRows({}, 0, int(excess - 1));
    m_lines.erase(m_lines.begin(), m_lines.begin() + excess);
    m_firstSerial += excess;
    endRemoveRows();
    for (auto it = m_openLine.begin(); it != m_openLine.end();) {
        if (*it < m_firstSerial)
            it = m_openLine.erase(it);
        else
            ++it;
    }
}

void ConsoleModel::clear()
{
    beginResetModel();
    m_firstSerial += qint64(m_lines.size() + m_pending.size());
    m_lines.clear();
    m_pending.clear();
    m_openLine.clear();
    endResetModel();
}

void ConsoleModel::setMaxLines(int lines)
{
    m_maxLines = std::max(1, lines);
    trim();
}

void ConsoleModel::setShowsSource(bool show)
{
    if (m_showSource == show)
        return;
    m_showSource = show;
    if (!m_lines.empty())
        emit dataChanged(index(0), index(int(m_lines.size()) - 1), {Qt::DisplayRole});
}

QString ConsoleModel::lineText(int row) const
{
    return row >= 0 && size_t(row) < m_lines.size() ? m_lines[size_t(row)].text : QString();
}

ConsoleModel::Kind ConsoleModel::lineKind(int row) const
{
    return row >= 0 && size_t(row) < m_lines.size() ? m_lines[size_t(row)].kind : Kind::Plain;
}

int ConsoleModel::find(const QString& text, int from, bool backward) const
{
    const int count = int(m_lines.size());
    if (text.isEmpty() || count == 0)
        return -1;
    for (int i = 1; i <= count; ++i) {
        const int row = ((backward ? from - i : from + i) % count + count) % count;
        if (m_lines[size_t(row)].text.contains(text, Qt::CaseInsensitive))
            return row;
    }
    return -1;
}

QColor ConsoleModel::colour(Kind kind)
{
    switch (kind) {
    case Kind::Info: return QColor(0x1f, 0x6f, 0xd0);
    case Kind::Warn: return QColor(0xc0, 0x7a, 0x00);
    case Kind::Error:
    case Kind::Exception: return QColor(0xd0, 0x20, 0x20);
    case Kind::Breakpoint: return QColor(0x8a, 0x2b, 0xc2);
    case Kind::Debugger: return QColor(0x20, 0x8a, 0x3c);
    case Kind::Input: return QColor(0x6a, 0x6f, 0x78);
    case Kind::Plain: break;
    }
    return {};
}

int ConsoleModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_lines.size());
}

QVariant ConsoleModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Line& line = m_lines[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return m_showSource && !line.source.isEmpty() ? QString(line.source + QStringLiteral(": ") + line.text) : line.text;
    case Qt::ForegroundRole:
        if (line.kind != Kind::Plain) // lighter on a dark base, so that it stays legible
            return QGuiApplication::palette().color(QPalette::Base).lightnessF() < 0.5 ? colour(line.kind).lighter(170)
                                                                                       : colour(line.kind);
        return {};
    case KindRole: return QVariant::fromValue(line.kind);
    case SourceRole: return line.source;
    case TextRole: return line.text;
    default: return {};
    }
}

QHash<int, QByteArray> ConsoleModel::roleNames() const
{
    auto names = QAbstractListModel::roleNames();
    names.insert(KindRole, "kind");
    names.insert(SourceRole, "source");
    names.insert(TextRole, "text");
    return names;
}
