#pragma once
// The arguments of `launch` and `attach` (the list is in dapadapter.h), read once (DapArgs: a
// value of the wrong type is named by its JSON path) and checked here: a program that is not there, a path mapping given by half, an
// xsc that is not executable, a port out of range, a serial port that does not parse: each
// refused with a message naming the attribute.
#include "app/dap/dappaths.h"
#include "app/dap/dapprogram.h"
#include "protocol/serial/serialportspec.h"

#include <nlohmann/json.hpp>

#include <QHostAddress>
#include <QString>

#include <optional>

struct DapStart {
    enum class Mode { Launch, Attach };
    enum class ProgramOutput { All, Stderr, None };

    Mode mode = Mode::Launch;
    // launch
    DapProgram::Spec program;
    ProgramOutput programOutput = ProgramOutput::All;
    // attach
    bool tcp = true; // false: a serial port alone
    QHostAddress host = QHostAddress(QHostAddress::LocalHost);
    quint16 port = 5002;
    std::optional<SerialPortSpec> serial;
    // both
    DapPaths paths;
    QString xscPath; // given, else found as `listen` finds it; may be "" (none)
    bool stopOnEntry = false;
    bool profileOnStart = false; // every machine starts profiling at its login

    // `at` names the configuration in errors: "arguments", or "arguments.arguments" in a restart.
    static std::optional<DapStart> read(Mode mode, const nlohmann::json& arguments, QString& error,
                                        const char* at = "arguments");
};
