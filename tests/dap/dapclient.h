#pragma once
// A DAP client for the adapter's tests: requests go through the adapter's framing (feed), and
// what it sends is framed back into messages, exactly as an editor on its stdin/stdout would.
#include "app/dap/dapadapter.h"
#include "app/dap/dapframing.h"

#include <QDeadlineTimer>
#include <QRegularExpression>
#include <QFloat16> // QTest compares std::string through templates that need it complete
#include <QTest>

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

struct DapClient {
    DapAdapter adapter;
    DapFraming framing;
    std::vector<nlohmann::json> received;
    std::map<std::string, size_t> eventCursor; // next index searched, per event name
    int seq = 1;
    bool finished = false;
    int finishedStatus = -1;

    DapClient()
    {
        QObject::connect(&adapter, &DapAdapter::send, &adapter, [this](const QByteArray& bytes) {
            framing.feed(std::string_view(bytes.constData(), size_t(bytes.size())));
            DapFraming::Item item;
            while (framing.next(item)) {
                if (auto* body = std::get_if<nlohmann::json>(&item))
                    received.push_back(*body);
                else
                    received.push_back({{"frameError", std::get<DapFraming::Error>(item).message}});
            }
        });
        QObject::connect(&adapter, &DapAdapter::finished, &adapter, [this](int status) {
            finished = true;
            finishedStatus = status;
        });
    }

    int send(const std::string& command, const nlohmann::json& arguments = nullptr)
    {
        nlohmann::json m = {{"seq", seq}, {"type", "request"}, {"command", command}};
        if (!arguments.is_null())
            m["arguments"] = arguments;
        adapter.feed(QByteArray::fromStdString(DapFraming::encode(m)));
        return seq++;
    }
    void feedRaw(const QByteArray& bytes) { adapter.feed(bytes); }

    // The response to request `requestSeq` (null after `ms`).
    nlohmann::json response(std::int64_t requestSeq, int ms = 10000)
    {
        QDeadlineTimer deadline(ms);
        for (;;) {
            for (const nlohmann::json& m : received) {
                if (m.value("type", "") == "response" && m.value("request_seq", std::int64_t(-1)) == requestSeq)
                    return m;
            }
            if (deadline.hasExpired())
                return nullptr;
            QTest::qWait(5);
        }
    }
    nlohmann::json request(const std::string& command, const nlohmann::json& arguments = nullptr, int ms = 10000)
    {
        return response(send(command, arguments), ms);
    }
    // The next `name` event not returned yet (null after `ms`).
    // A fresh session's answer to `command` with `arguments` (JSON text), right after initialize.
    static nlohmann::json firstAnswer(const QString& command, const QString& arguments)
    {
        DapClient c;
        c.request("initialize", {{"adapterID", "xs"}});
        return c.request(command.toStdString(), nlohmann::json::parse(arguments.toStdString()));
    }
    nlohmann::json event(const std::string& name, int ms = 10000)
    {
        QDeadlineTimer deadline(ms);
        size_t& from = eventCursor[name];
        for (;;) {
            for (size_t i = from; i < received.size(); ++i) {
                if (received[i].value("type", "") == "event" && received[i].value("event", "") == name) {
                    from = i + 1;
                    return received[i];
                }
            }
            if (deadline.hasExpired())
                return nullptr;
            QTest::qWait(5);
        }
    }
    int count(const std::string& eventName, const std::string& reason = {}) const
    {
        int n = 0;
        for (const nlohmann::json& m : received) {
            if (m.value("event", "") == eventName &&
                (reason.empty() || (m.contains("body") && m["body"].value("reason", "") == reason)))
                ++n;
        }
        return n;
    }
    // Every output event's text, in order.
    std::string output() const
    {
        std::string all;
        for (const nlohmann::json& m : received) {
            if (m.value("event", "") == "output")
                all += m["body"].value("output", "");
        }
        return all;
    }
    bool waitForOutput(const std::string& text, int ms = 10000) const
    {
        QDeadlineTimer deadline(ms);
        while (output().find(text) == std::string::npos && !deadline.hasExpired())
            QTest::qWait(5);
        return output().find(text) != std::string::npos;
    }
    // initialize (unless done), then attach on a free port with more `arguments`, then
    // configurationDone: the port the adapter waits on, or 0.
    quint16 attachOnFreePort(nlohmann::json arguments = nlohmann::json::object())
    {
        if (count("initialized") == 0 && !request("initialize", {{"adapterID", "xs"}}).value("success", false))
            return 0;
        arguments["port"] = 0;
        if (!request("attach", arguments).value("success", false))
            return 0;
        request("configurationDone");
        if (!waitForOutput("waiting for XS machines on "))
            return 0;
        const auto m = QRegularExpression(QStringLiteral("waiting for XS machines on [0-9.]+:(\\d+)"))
                           .match(QString::fromStdString(output()));
        return m.hasMatch() ? quint16(m.captured(1).toUInt()) : 0;
    }
};
