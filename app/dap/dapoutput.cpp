#include "dapoutput.h"

DapOutput::DapOutput(QObject* parent) : QObject(parent)
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(intervalMs);
    connect(&m_timer, &QTimer::timeout, this, &DapOutput::flush);
}

void DapOutput::add(const QString& category, const QString& text, const nlohmann::json& source, int line,
                    const nlohmann::json& data)
{
    if (int(m_waiting.size()) >= maxLinesPerFlush) {
        ++m_dropped;
    } else {
        m_waiting.push_back({category, text, source, line, data});
    }
    if (!m_timer.isActive())
        m_timer.start();
}

void DapOutput::flush()
{
    m_timer.stop();
    std::vector<Line> lines;
    lines.swap(m_waiting);
    QString pending, pendingCategory;
    auto sendPending = [&] {
        if (!pending.isEmpty())
            emit event({{"category", pendingCategory.toStdString()}, {"output", pending.toStdString()}});
        pending.clear();
    };
    // In a storm (Workers printing hundreds of lines in 50 ms), places are dropped: one event per
    // category instead of one per line.
    const bool storm = lines.size() > size_t(maxPlacedLines);
    for (const Line& l : lines) {
        if (storm || (l.source.is_null() && l.data.is_null())) {
            if (l.category != pendingCategory)
                sendPending();
            pendingCategory = l.category;
            pending += l.text;
            continue;
        }
        sendPending();
        nlohmann::json body = {{"category", l.category.toStdString()}, {"output", l.text.toStdString()}};
        if (!l.source.is_null()) {
            body["source"] = l.source;
            body["line"] = l.line;
        }
        if (!l.data.is_null())
            body["data"] = l.data;
        emit event(body);
    }
    sendPending();
    if (m_dropped > 0) {
        emit event({{"category", "console"},
                    {"output", QStringLiteral("xsprof dap: %1 console lines not shown (more than %2 in %3 ms)\n")
                                   .arg(m_dropped)
                                   .arg(maxLinesPerFlush)
                                   .arg(intervalMs)
                                   .toStdString()}});
        m_dropped = 0;
    }
}
