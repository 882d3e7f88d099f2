#pragma once
// The custom request xsprof/profile: starts a machine's profiler, or stops it and writes what
// it recorded as a .cpuprofile (the existing writer), which the editor can open and xsprof
// shows with the divided totals.
#include "app/dap/dapargs.h"

#include <nlohmann/json.hpp>

#include <QObject>
#include <QString>

#include <functional>

class MachineSession;

class DapProfiling : public QObject {
    Q_OBJECT

public:
    using Reply = std::function<void(const nlohmann::json& body)>;
    using Fail = std::function<void(const QString& message)>;

    explicit DapProfiling(QObject* parent = nullptr) : QObject(parent) {}
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }

    // `defaultFolder` holds the file when `path` is empty ("NAME-yyyyMMdd-hhmmss.cpuprofile").
    void request(MachineSession* session, const DapArgs::Profile& arguments, const QString& defaultFolder,
                 const Reply& reply, const Fail& fail);

private:
    void write(MachineSession* session, const QString& path, const Reply& reply, const Fail& fail);
    int m_timeoutMs = 10000;
};
