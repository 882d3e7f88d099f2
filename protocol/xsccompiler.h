#pragma once
// Runs the XS compiler `xsc` of the user's Moddable SDK to turn an expression into the
// bytecode that <eval>, breakpoint conditions and log points carry (xsbug-protocol.md §4.3),
// as xsbug-log does: `xsc expr.js -p -d -eval -e -o DIR -r NAME` in a private temporary
// folder, asynchronously (QProcess), with a time limit. The .xsb is validated
// (model/xs/xsbinary.h) and hex-encoded. Successful results are cached per expression.
#include "model/xs/xsbinary.h"

#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QString>

#include <functional>

struct XscResult {
    enum class Status { Ok, NoCompiler, CompileError, TimedOut, Failed };
    Status status = Status::Failed;
    QByteArray hex;         // the .xsb, upper-case hex (Ok)
    xsprof::XsbInfo info;   // version and ID size (Ok)
    QString message;        // why it failed: xsc's own words for a CompileError
    bool ok() const { return status == Status::Ok; }
    // "xsc 17.9.1, 32-bit IDs"
    QString versionText() const;
};

class XscCompiler : public QObject {
    Q_OBJECT

public:
    static constexpr int defaultTimeoutMs = 10000;

    explicit XscCompiler(const QString& path = {}, QObject* parent = nullptr);
    // An xsc still running is stopped (its callers get no answer).
    ~XscCompiler() override;

    QString path() const { return m_path; }
    void setPath(const QString& path);
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    // An executable file is set.
    bool isAvailable() const;

    // $MODDABLE/build/bin/{lin,mac,win}/{debug,release}/xsc[.exe], then `xsc` on PATH;
    // empty when none is found. `moddable` and `pathVariable` default to the environment.
    static QString autoDetect();
    static QString autoDetect(const QString& moddable, const QString& pathVariable);
    // What to tell a user without a compiler.
    static QString howToGetOne();

    // Calls `done` later, on this object's thread (never from inside compile()).
    void compile(const QString& expression, std::function<void(const XscResult&)> done);

    // Empty when `result` may be sent to the machine that logged in with `loginValue`
    // ("XS 17.9.1 64-bit LE 32-bit ID"); else the reason, in one sentence.
    static QString problemFor(const XscResult& result, const QString& loginValue);

private:
    void finish(const QString& expression, const XscResult& result, const std::function<void(const XscResult&)>& done);

    QString m_path;
    int m_timeoutMs = defaultTimeoutMs;
    QHash<QString, XscResult> m_cache;
};
