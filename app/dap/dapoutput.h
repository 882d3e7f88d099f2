#pragma once
// Output events, batched: a Moddable app with Workers prints thousands of lines a second, and
// one DAP event per line would swamp an editor's debug console. Lines are kept for at most
// 50 ms and sent together: consecutive plain lines of one category as one event, a line with a
// source (a log point, a trace with its place) as one event of its own so that the editor links
// it, unless the batch holds more than maxPlacedLines (then all is plain text). Over maxLinesPerFlush lines in one batch, the rest are counted and said in one line, as
// the window's console does. Anything else the adapter sends goes after flush(), so that a
// break never overtakes the lines printed before it.
#include <nlohmann/json.hpp>

#include <QObject>
#include <QString>
#include <QTimer>

#include <vector>

class DapOutput : public QObject {
    Q_OBJECT

public:
    static constexpr int intervalMs = 50;
    static constexpr int maxLinesPerFlush = 2000;
    static constexpr int maxPlacedLines = 20; // beyond, a batch is plain text


    explicit DapOutput(QObject* parent = nullptr);

    // `source` null when the line has no place.
    void add(const QString& category, const QString& text, const nlohmann::json& source = nullptr, int line = 0,
             const nlohmann::json& data = nullptr);
    // Sends what waits, now.
    void flush();

signals:
    void event(const nlohmann::json& body); // the body of one output event

private:
    struct Line {
        QString category;
        QString text;
        nlohmann::json source;
        int line = 0;
        nlohmann::json data;
    };
    std::vector<Line> m_waiting;
    qint64 m_dropped = 0;
    QTimer m_timer;
};
