#include "xsbugmessagereader.h"

#include "model/xs/xsbugelement.h"

Q_LOGGING_CATEGORY(lcXsbugWire, "xsprof.xsbug.wire", QtWarningMsg)

namespace {

QString text(const std::string& s)
{
    return QString::fromStdString(s);
}

QString attribute(const xsprof::XsbugElement& e, std::string_view key)
{
    const std::string* v = e.attribute(key);
    return v ? text(*v) : QString();
}

int lineOf(const xsprof::XsbugElement& e)
{
    return attribute(e, "line").toInt();
}

void appendProperties(std::string_view content, int depth, QList<xsbug::Property>& out)
{
    for (const xsprof::XsbugElement& child : xsprof::parseXsbugChildren(content)) {
        if (child.name != "property" && child.name != "node")
            continue;
        xsbug::Property p;
        p.name = attribute(child, "name");
        p.value = attribute(child, "value");
        p.hasValue = child.attribute("value") != nullptr;
        p.flags = attribute(child, "flags");
        p.path = attribute(child, "path");
        p.line = lineOf(child);
        p.depth = depth;
        out.append(p);
        if (child.hasContent)
            appendProperties(child.content, depth + 1, out);
    }
}

} // namespace

XsbugMessageReader::XsbugMessageReader(qsizetype maxMessageBytes) : m_framer(size_t(maxMessageBytes)) {}

bool XsbugMessageReader::feed(QByteArrayView bytes)
{
    if (!m_error.isEmpty())
        return false; // a stream that could not be framed stays so
    std::vector<std::string> payloads;
    const bool ok = m_framer.feed(std::string_view(bytes.data(), size_t(bytes.size())), payloads);
    for (const std::string& payload : payloads)
        decode(payload);
    if (!ok)
        m_error = text(m_framer.error());
    return ok;
}

std::vector<xsbug::Message> XsbugMessageReader::takeMessages()
{
    return std::exchange(m_messages, {});
}

void XsbugMessageReader::decode(const std::string& payload)
{
    ++m_messageCount;
    qCDebug(lcXsbugWire) << "message" << m_messageCount << QByteArray::fromStdString(payload.substr(0, 200));
    for (xsprof::XsbugElement& e : xsprof::parseXsbugPayload(payload)) {
        const std::string& n = e.name;
        if (n == "login") {
            m_messages.emplace_back(xsbug::Login{attribute(e, "name"), attribute(e, "value")});
        } else if (n == "log") {
            m_messages.emplace_back(xsbug::Log{text(xsprof::decodeXsbugText(e.content)), attribute(e, "path"), lineOf(e)});
        } else if (n == "frames") {
            xsbug::Frames frames;
            for (const xsprof::XsbugElement& f : xsprof::parseXsbugChildren(e.content)) {
                if (f.name == "frame")
                    frames.frames.append({attribute(f, "name"), attribute(f, "value"), attribute(f, "path"), lineOf(f)});
            }
            m_messages.emplace_back(std::move(frames));
        } else if (n == "local") {
            xsbug::Local local{attribute(e, "name"), attribute(e, "value"), attribute(e, "path"), lineOf(e), {}};
            appendProperties(e.content, 0, local.properties);
            m_messages.emplace_back(std::move(local));
        } else if (n == "global") {
            xsbug::Global global;
            appendProperties(e.content, 0, global.properties);
            m_messages.emplace_back(std::move(global));
        } else if (n == "grammar") {
            xsbug::Grammar grammar;
            appendProperties(e.content, 0, grammar.modules);
            m_messages.emplace_back(std::move(grammar));
        } else if (n == "break") {
            m_messages.emplace_back(
                xsbug::Break{attribute(e, "path"), lineOf(e), text(xsprof::decodeXsbugText(e.content)).trimmed()});
        } else if (n == "bubble") {
            m_messages.emplace_back(xsbug::Bubble{attribute(e, "name"), attribute(e, "value").toInt(),
                                                  text(xsprof::decodeXsbugText(e.content)), attribute(e, "path"),
                                                  lineOf(e)});
        } else if (n == "result") {
            xsbug::EvalResult result;
            result.line = lineOf(e);
            appendProperties(e.content, 0, result.properties);
            if (result.properties.isEmpty())
                result.text = text(xsprof::decodeXsbugText(e.content)).trimmed();
            m_messages.emplace_back(std::move(result));
        } else if (n == "eval") {
            m_messages.emplace_back(xsbug::EvalSource{attribute(e, "path"), text(xsprof::decodeXsbugText(e.content))});
        } else if (n == "import") {
            m_messages.emplace_back(xsbug::Import{attribute(e, "path")});
        } else if (n == "instruments" || n == "samples") {
            std::variant<xsprof::XsInstrumentDeclaration, xsprof::XsInstrumentSamples> instruments;
            xsprof::decodeXsInstrumentMessage(e, instruments);
            std::visit([this](auto&& m) { m_messages.emplace_back(std::move(m)); }, std::move(instruments));
        } else if (n == "pt" || n == "pr" || n == "ps") {
            xsprof::XsProfileMessage message;
            // <pt>/<pr> the decoder refuses are dropped.
            if (xsprof::decodeXsProfileMessage(e, message) == xsprof::XsProfileDecode::Decoded)
                std::visit([this](auto&& m) { m_messages.emplace_back(std::move(m)); }, std::move(message));
        } else {
            ++m_unknownElements;
            qCInfo(lcXsbugWire) << "unknown element" << text(n);
            m_messages.emplace_back(xsbug::Unknown{text(n)});
        }
    }
}
