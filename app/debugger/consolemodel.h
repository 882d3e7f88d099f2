#pragma once
// A machine's <log> output as lines (xsbug-protocol.md §3.3). Logs are not whole lines:
// text is appended to the source's open line and split on LF. Several sources (machines)
// can feed one model, which is how the merged console is built; lines outlive sessions.
#include "protocol/xsbugmessages.h"

#include <QAbstractListModel>
#include <QColor>
#include <QHash>

#include <deque>
#include <vector>

class Debuggee;

class ConsoleModel : public QAbstractListModel
{
    Q_OBJECT
public:
    // The colour classes of xsbug's console.
    enum class Kind { Plain, Info, Warn, Error, Exception, Breakpoint, Debugger, Input };
    Q_ENUM(Kind)
    enum Role { KindRole = Qt::UserRole + 1, SourceRole, TextRole };

    static constexpr int defaultMaxLines = 10000;

    explicit ConsoleModel(QObject* parent = nullptr);

    // Feeds the model with the session's logs under `source` (e.g. its name); the lines
    // stay when the session goes away.
    void attach(Debuggee* session, const QString& source = {});
    void appendLog(const xsbug::Log& log, const QString& source = {});
    void appendText(const QString& text, const QString& source = {});
    // One whole line in a given colour class (an evaluation and its result, a notice).
    void appendLine(const QString& text, Kind kind, const QString& source = {});
    void clear();
    // Between these, what is appended becomes rows at once at endBatch(): one insertion and one
    // trim for a batch of many lines (the intake's few batches a second). The lines of an attached
    // machine are batched so until the next turn of the event loop.
    void startBatch() { m_batching = true; }
    void endBatch();

    int maxLines() const { return m_maxLines; }
    void setMaxLines(int lines);
    // Prefix each line with its source ("name: "), for a console of several machines.
    void setShowsSource(bool show);

    QString lineText(int row) const;
    Kind lineKind(int row) const;
    // The row of the next line containing `text` (case-insensitive) after `from`
    // (before it when `backward`), wrapping; -1 when none.
    int find(const QString& text, int from, bool backward = false) const;
    static QColor colour(Kind kind);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    struct Line {
        QString source;
        QString text;
        Kind kind = Kind::Plain;
        Kind pathKind = Kind::Plain; // the colour of a log with a location, unless tagged
    };
    void appendToSource(const QString& source, const QString& text, Kind pathKind);
    void classify(Line& line) const;
    void trim();
    qint64 rowOfSerial(qint64 serial) const { return serial - m_firstSerial; }

    // Appends a new line (to m_pending while batching); returns its serial number.
    qint64 push(Line line);
    Line& lineOfSerial(qint64 serial, bool* pending);

    std::deque<Line> m_lines;
    std::vector<Line> m_pending; // while batching: the lines after m_lines
    bool m_batching = false;
    qint64 m_firstSerial = 0;          // serial number of m_lines.front()
    QHash<QString, qint64> m_openLine; // source -> serial of its unfinished last line
    int m_maxLines = defaultMaxLines;
    bool m_showSource = false;
};
