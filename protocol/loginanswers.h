#pragma once
// What a machine is answered at its login (xsbug-protocol.md §5.1): set-all-breakpoints with
// the plain breakpoints, every breakpoint with a condition or log message as set-breakpoint
// carrying its compiled bytecode, then start-profiling when asked. `xst` reads commands only
// while it waits (its login, a break), so whatever follows the answer would wait for a break
// that a condition may never allow: the answer must hold everything.
//
// One LoginAnswers serves every machine of one set of session settings: the server's login
// desk, the sessions it hands machines to, and serial machines. On the first login of each XS
// version the expressions are compiled by xsc on a thread of this object's own (never the
// GUI's) and the result is kept for that version until the breakpoints or the xsc path change.
// Logins of that version arriving meanwhile wait for the same compile; after
// SessionSettings::loginCompileTimeoutMs they are answered without those breakpoints, each
// reported as not sent with the reason.
#include "breakpoint.h"
#include "sessionsettings.h"
#include "xsccompiler.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QThread>

#include <functional>
#include <mutex>
#include <optional>

struct LoginAnswer {
    using NotSent = BreakpointNotSent;
    QByteArray bytes;       // the whole handshake, for one write
    QList<NotSent> notSent; // breakpoints left out of it
};

class LoginAnswers {
public:
    LoginAnswers();
    ~LoginAnswers();
    LoginAnswers(const LoginAnswers&) = delete;
    LoginAnswers& operator=(const LoginAnswers&) = delete;

    // Any thread: logins from now on are answered with `settings`. What was compiled stays
    // valid unless the enabled breakpoints with a condition or log message, or the xsc path, change.
    void setSettings(const SessionSettings& settings);

    // Any thread: the answer for a machine whose login said `version` ("XS 17.9.1 64-bit LE
    // 32-bit ID"), when it is known without waiting: nothing to compile, compiled already for
    // that version, or its compile took too long (then without the compiled breakpoints).
    std::optional<LoginAnswer> answerNow(const QString& version) const;
    // Any thread: the answer, given to `done` on `context`'s thread, never inside this call.
    // The first request of a version starts its compile; the others wait for the same one.
    void answer(const QString& version, QObject* context, std::function<void(const LoginAnswer&)> done);

    // Any thread: `expression` as the current xsc compiled it already (for a login or compile()).
    std::optional<XscResult> compiledNow(const QString& expression) const;
    // Any thread: compiles `expression` with the current xsc (once: results are kept) and
    // gives the result to `done` on `context`'s thread, never inside this call.
    void compile(const QString& expression, QObject* context, std::function<void(const XscResult&)> done);

    // The expressions a login answer needs compiled under `settings`, in order, once each.
    static QStringList expressionsOf(const SessionSettings& settings);
    // The login answer of `settings`: set-all-breakpoints and the `compiled` set-breakpoint
    // commands in one frame, then start-profiling if asked for.
    static QByteArray handshake(const SessionSettings& settings, const QByteArray& compiled);

private:
    class Worker;
    struct Compiled {
        QByteArray commands; // set-breakpoint, one per breakpoint sent
        QList<LoginAnswer::NotSent> notSent;
    };
    static Compiled compiledFor(const SessionSettings& settings, const QString& version,
                                const QHash<QString, XscResult>& results);
    static Compiled leftOutOf(const SessionSettings& settings);
    static LoginAnswer compose(const SessionSettings& settings, const Compiled& compiled);
    std::optional<LoginAnswer> answerNowLocked(const QString& version) const;

    // Called by the worker.
    void store(quint64 generation, const QString& version, const Compiled& compiled);
    void markLate(quint64 generation, const QString& version, const Compiled& without);
    void remember(const QString& xscPath, const QString& expression, const XscResult& result);

    QThread m_thread;
    Worker* m_worker; // on m_thread
    mutable std::mutex m_mutex; // guards what follows
    SessionSettings m_settings; // without loginAnswers (no cycle)
    quint64 m_generation = 0;   // changes when what is compiled must be compiled again
    QHash<QString, Compiled> m_byVersion;      // compiled, for this generation
    QHash<QString, Compiled> m_late;           // versions whose compile ran out of time
    QHash<QString, XscResult> m_expressions;   // compiled successfully by m_settings.xscPath
};
