#include "loginanswers.h"

#include "threadhandoff.h"
#include "xsbugcommandwriter.h"

#include <QCoreApplication>
#include <QPointer>
#include <QTimer>

#include <map>
#include <memory>
#include <utility>

namespace loginanswersdetail {
// Where a result goes: an object of another thread, which may be destroyed meanwhile. A post
// and the object's destruction exclude each other; a post made before it is discarded with it.
class Recipient {
public:
    explicit Recipient(QObject* object) : m_state(std::make_shared<State>())
    {
        m_state->object = object;
        if (object) {
            m_state->watch = QObject::connect(object, &QObject::destroyed, [state = m_state] {
                std::lock_guard lock(state->mutex);
                state->object = nullptr;
            });
        }
    }
    // Calls `call` on the object's thread, once, unless it is gone by then.
    void post(std::function<void()> call) const
    {
        std::lock_guard lock(m_state->mutex);
        if (m_state->object)
            threadhandoff::post(m_state->object, std::move(call));
        QObject::disconnect(m_state->watch);
        m_state->object = nullptr;
    }

private:
    struct State {
        std::mutex mutex;
        QObject* object = nullptr;
        QMetaObject::Connection watch;
    };
    std::shared_ptr<State> m_state;
};
} // namespace loginanswersdetail
using loginanswersdetail::Recipient;

namespace {
QString tr(const char* text)
{
    return QCoreApplication::translate("LoginAnswers", text);
}

bool mayBeCompiledAgain(const XscResult& result)
{
    // A time-out or a crash may not happen again; a compile error or a missing xsc will.
    return result.status == XscResult::Status::TimedOut || result.status == XscResult::Status::Failed;
}

// What decides the compiled part of an answer.
QStringList compileKey(const SessionSettings& settings)
{
    QStringList key{settings.xscPath};
    for (const Breakpoint& b : settings.breakpoints) {
        if (b.enabled && b.needsCompiler())
            key << QStringList{b.path, QString::number(b.line), QString::number(b.function), b.hitCount, b.condition,
                               b.logMessage}
                       .join(QChar(0));
    }
    return key;
}
} // namespace

class LoginAnswers::Worker : public QObject {
public:
    explicit Worker(LoginAnswers* owner) : m_owner(owner) {}

    void request(quint64 generation, const SessionSettings& settings, const QString& version, const Recipient& to,
                 const std::function<void(const LoginAnswer&)>& done);
    void compile(const QString& xscPath, const QString& expression, const Recipient& to,
                 const std::function<void(const XscResult&)>& done);

private:
    using Key = std::pair<quint64, QString>; // generation, version
    struct Waiter {
        Recipient to;
        std::function<void(const LoginAnswer&)> done;
    };
    struct Round {
        SessionSettings settings;
        QList<Waiter> waiters;
        QHash<QString, XscResult> results;
        int left = 0;
        QTimer* hold = nullptr;
        bool late = false; // its time ran out: logins are answered without its breakpoints
    };
    XscCompiler* compilerFor(const QString& path);
    void finish(const Key& key);
    void runOutOfTime(const Key& key);
    static void deliver(const QList<Waiter>& waiters, const LoginAnswer& answer);

    LoginAnswers* m_owner;
    QHash<QString, XscCompiler*> m_compilers; // by path: a result never lands in another path's cache
    std::map<Key, Round> m_rounds;
};

XscCompiler* LoginAnswers::Worker::compilerFor(const QString& path)
{
    XscCompiler*& compiler = m_compilers[path];
    if (!compiler)
        compiler = new XscCompiler(path, this);
    return compiler;
}

void LoginAnswers::Worker::deliver(const QList<Waiter>& waiters, const LoginAnswer& answer)
{
    for (const Waiter& waiter : waiters)
        waiter.to.post([done = waiter.done, answer] { done(answer); });
}

void LoginAnswers::Worker::request(quint64 generation, const SessionSettings& settings, const QString& version,
                                   const Recipient& to, const std::function<void(const LoginAnswer&)>& done)
{
    if (const auto now = m_owner->answerNow(version)) { // finished while this request travelled
        to.post([done, answer = *now] { done(answer); });
        return;
    }
    const Key key{generation, version};
    Round& round = m_rounds[key];
    if (round.late) {
        to.post([done, answer = compose(round.settings, leftOutOf(round.settings))] { done(answer); });
        return;
    }
    round.waiters.append({to, done});
    if (round.hold)
        return; // compiling: it waits for the same compile
    round.settings = settings;
    round.hold = new QTimer(this);
    round.hold->setSingleShot(true);
    connect(round.hold, &QTimer::timeout, this, [this, key] { runOutOfTime(key); });
    round.hold->start(settings.loginCompileTimeoutMs);
    const QStringList expressions = expressionsOf(settings);
    round.left = int(expressions.size());
    XscCompiler* compiler = compilerFor(settings.xscPath);
    for (const QString& expression : expressions) {
        compiler->compile(expression, [this, key, expression, path = settings.xscPath](const XscResult& result) {
            const auto it = m_rounds.find(key);
            if (it == m_rounds.end())
                return;
            it->second.results.insert(expression, result);
            if (result.ok())
                m_owner->remember(path, expression, result);
            if (--it->second.left == 0)
                finish(key);
        });
    }
}

void LoginAnswers::Worker::finish(const Key& key)
{
    const auto it = m_rounds.find(key);
    Round round = std::move(it->second);
    m_rounds.erase(it);
    delete round.hold;
    const Compiled compiled = compiledFor(round.settings, key.second, round.results);
    bool keep = true;
    for (const XscResult& result : std::as_const(round.results))
        keep = keep && !mayBeCompiledAgain(result);
    if (keep)
        m_owner->store(key.first, key.second, compiled);
    deliver(round.waiters, compose(round.settings, compiled));
}

void LoginAnswers::Worker::runOutOfTime(const Key& key)
{
    const auto it = m_rounds.find(key);
    if (it == m_rounds.end())
        return;
    Round& round = it->second;
    round.late = true;
    const Compiled without = leftOutOf(round.settings);
    m_owner->markLate(key.first, key.second, without);
    deliver(std::exchange(round.waiters, {}), compose(round.settings, without));
}

void LoginAnswers::Worker::compile(const QString& xscPath, const QString& expression, const Recipient& to,
                                   const std::function<void(const XscResult&)>& done)
{
    compilerFor(xscPath)->compile(expression, [this, xscPath, expression, to, done](const XscResult& result) {
        if (result.ok())
            m_owner->remember(xscPath, expression, result);
        to.post([done, result] { done(result); });
    });
}

LoginAnswers::LoginAnswers() : m_worker(new Worker(this))
{
    m_thread.setObjectName(QStringLiteral("xsprof login answers"));
    m_worker->moveToThread(&m_thread);
    QObject::connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.start();
}

LoginAnswers::~LoginAnswers()
{
    m_thread.quit();
    m_thread.wait();
}

void LoginAnswers::setSettings(const SessionSettings& settings)
{
    SessionSettings own = settings;
    own.loginAnswers.reset();
    std::lock_guard lock(m_mutex);
    if (own.xscPath != m_settings.xscPath)
        m_expressions.clear();
    if (compileKey(own) != compileKey(m_settings)) {
        ++m_generation;
        m_byVersion.clear();
        m_late.clear();
    }
    m_settings = std::move(own);
}

QStringList LoginAnswers::expressionsOf(const SessionSettings& settings)
{
    QStringList expressions;
    for (const Breakpoint& b : settings.breakpoints) {
        if (!b.enabled)
            continue;
        for (const QString& expression : {b.condition, b.logMessage}) {
            if (!expression.isEmpty() && !expressions.contains(expression))
                expressions << expression;
        }
    }
    return expressions;
}

LoginAnswers::Compiled LoginAnswers::compiledFor(const SessionSettings& settings, const QString& version,
                                                 const QHash<QString, XscResult>& results)
{
    Compiled compiled;
    auto problemWith = [&](const QString& expression) {
        const XscResult result = results.value(expression);
        if (!result.ok() && result.message.isEmpty())
            return tr("not compiled");
        return XscCompiler::problemFor(result, version);
    };
    for (const Breakpoint& b : settings.breakpoints) {
        if (!b.enabled || !b.needsCompiler())
            continue;
        QString problem;
        if (!b.condition.isEmpty())
            if (const QString p = problemWith(b.condition); !p.isEmpty())
                problem = tr("condition: ") + p;
        if (problem.isEmpty() && !b.logMessage.isEmpty())
            if (const QString p = problemWith(b.logMessage); !p.isEmpty())
                problem = tr("log message: ") + p;
        if (!problem.isEmpty()) {
            compiled.notSent.append({b, problem});
            continue;
        }
        compiled.commands += XsbugCommandWriter::setBreakpoint(b, results.value(b.condition).hex,
                                                               results.value(b.logMessage).hex);
    }
    return compiled;
}

LoginAnswers::Compiled LoginAnswers::leftOutOf(const SessionSettings& settings)
{
    const double seconds = settings.loginCompileTimeoutMs / 1000.0;
    const QString reason = tr("xsc (%1) had not compiled its condition or log message %2 s after the machine "
                              "logged in, and the login was answered without it")
                               .arg(settings.xscPath)
                               .arg(seconds);
    Compiled without;
    for (const Breakpoint& b : settings.breakpoints) {
        if (b.enabled && b.needsCompiler())
            without.notSent.append({b, reason});
    }
    return without;
}

QByteArray LoginAnswers::handshake(const SessionSettings& settings, const QByteArray& compiled)
{
    // Breakpoints in one frame; profiling after it, as xsbug does (its handshake byte for byte
    // when nothing is compiled).
    QByteArray answer = XsbugCommandWriter::oneFrame(
        XsbugCommandWriter::setAllBreakpoints(settings.breakpoints, settings.breakOnStart, settings.breakOnExceptions) +
        compiled);
    if (settings.profileOnStart)
        answer += XsbugCommandWriter::startProfiling();
    return answer;
}

LoginAnswer LoginAnswers::compose(const SessionSettings& settings, const Compiled& compiled)
{
    return {handshake(settings, compiled.commands), compiled.notSent};
}

std::optional<LoginAnswer> LoginAnswers::answerNow(const QString& version) const
{
    std::lock_guard lock(m_mutex);
    return answerNowLocked(version);
}

std::optional<LoginAnswer> LoginAnswers::answerNowLocked(const QString& version) const
{
    if (expressionsOf(m_settings).isEmpty())
        return compose(m_settings, {});
    if (const auto it = m_byVersion.constFind(version); it != m_byVersion.constEnd())
        return compose(m_settings, *it);
    if (const auto it = m_late.constFind(version); it != m_late.constEnd())
        return compose(m_settings, *it);
    return std::nullopt;
}

void LoginAnswers::answer(const QString& version, QObject* context, std::function<void(const LoginAnswer&)> done)
{
    const Recipient to(context);
    quint64 generation = 0;
    SessionSettings settings;
    {
        std::lock_guard lock(m_mutex);
        if (const auto now = answerNowLocked(version)) {
            to.post([done, answer = *now] { done(answer); });
            return;
        }
        generation = m_generation;
        settings = m_settings;
    }
    threadhandoff::post(m_worker, [worker = m_worker, generation, settings, version, to, done] {
        worker->request(generation, settings, version, to, done);
    });
}

std::optional<XscResult> LoginAnswers::compiledNow(const QString& expression) const
{
    std::lock_guard lock(m_mutex);
    if (const auto it = m_expressions.constFind(expression); it != m_expressions.constEnd())
        return *it;
    return std::nullopt;
}

void LoginAnswers::compile(const QString& expression, QObject* context, std::function<void(const XscResult&)> done)
{
    const Recipient to(context);
    if (const auto now = compiledNow(expression)) {
        to.post([done, result = *now] { done(result); });
        return;
    }
    QString path;
    {
        std::lock_guard lock(m_mutex);
        path = m_settings.xscPath;
    }
    threadhandoff::post(m_worker, [worker = m_worker, path, expression, to, done] { worker->compile(path, expression, to, done); });
}

void LoginAnswers::store(quint64 generation, const QString& version, const Compiled& compiled)
{
    std::lock_guard lock(m_mutex);
    if (generation != m_generation)
        return; // compiled for breakpoints that changed meanwhile
    m_byVersion.insert(version, compiled);
    m_late.remove(version);
}

void LoginAnswers::markLate(quint64 generation, const QString& version, const Compiled& without)
{
    std::lock_guard lock(m_mutex);
    if (generation == m_generation)
        m_late.insert(version, without);
}

void LoginAnswers::remember(const QString& xscPath, const QString& expression, const XscResult& result)
{
    std::lock_guard lock(m_mutex);
    if (xscPath == m_settings.xscPath)
        m_expressions.insert(expression, result);
}
