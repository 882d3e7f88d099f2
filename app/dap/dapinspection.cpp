#include "dapinspection.h"

#include "protocol/exceptionbreakguard.h"
#include "protocol/propertysummary.h"

#include <QFile>
#include <QFileInfo>
#include <QPointer>
#include <QRegularExpression>
#include <QSet>
#include <QTimer>

#include <algorithm>
#include <climits>
#include <memory>

namespace {

const QString closurePathFunction = QStringLiteral("(function)");
const QString closurePathClosures = QStringLiteral("(closures)");

QString notStoppedMessage()
{
    return DebuggeeInspector::notStoppedMessage();
}

} // namespace

DapInspection::DapInspection(Threads threads, QObject* parent) : QObject(parent), m_threads(std::move(threads)) {}

Debuggee* DapInspection::threadSession(std::int64_t threadId, const Fail& fail) const
{
    Debuggee* session = threadId > 0 && threadId <= INT_MAX ? m_threads.debuggee(int(threadId)) : nullptr;
    if (!session) {
        fail(DapError::NotNow, QStringLiteral("there is no thread %1 (its machine left, or never connected)").arg(threadId));
        return nullptr;
    }
    if (!session->isBroken()) {
        fail(DapError::NotNow, notStoppedMessage());
        return nullptr;
    }
    return session;
}

bool DapInspection::frameOf(const std::optional<std::int64_t>& frameId, int& thread, int& index, const Fail& fail) const
{
    thread = 0;
    index = 0;
    if (frameId) {
        if (decodeFrame(*frameId, thread, index))
            return true;
        fail(DapError::Inspection, QStringLiteral("frameId %1 is not a frame of this adapter").arg(*frameId));
        return false;
    }
    // No frame: the first machine stopped.
    for (const int id : m_threads.ids()) {
        if (Debuggee* s = m_threads.debuggee(id); s && s->isBroken()) {
            thread = id;
            return true;
        }
    }
    fail(DapError::NotNow, QStringLiteral("no machine is stopped at a break: XS evaluates only at a break"));
    return false;
}

Debuggee* DapInspection::referencedSession(std::int64_t id, Reference& reference, const Fail& fail) const
{
    const auto it = id > 0 && id <= INT_MAX ? m_references.find(int(id)) : m_references.end();
    if (it == m_references.end()) {
        fail(DapError::Inspection,
             QStringLiteral("variablesReference %1 is not known (references hold until the machine resumes)").arg(id));
        return nullptr;
    }
    reference = it->second;
    return threadSession(reference.thread, fail);
}

bool DapInspection::decodeFrame(qint64 id, int& thread, int& index) const
{
    if (id <= 0)
        return false;
    thread = int((id - 1) / 100000);
    index = int((id - 1) % 100000);
    return thread > 0;
}

int DapInspection::newReference(Reference reference)
{
    const int id = m_nextReference++;
    m_references.emplace(id, std::move(reference));
    return id;
}

void DapInspection::forget(int threadId)
{
    for (auto it = m_references.begin(); it != m_references.end();) {
        if (it->second.thread == threadId)
            it = m_references.erase(it);
        else
            ++it;
    }
}

void DapInspection::follow(Debuggee* debuggee)
{
    connect(debuggee, &Debuggee::evalSourced, this, [this](const xsbug::EvalSource& source) {
        // Bounded: a program that evaluates in a loop keeps the latest thousand.
        if (m_evalSources.size() >= 1000 && !m_evalSources.contains(source.path))
            m_evalSources.erase(m_evalSources.begin());
        m_evalSources.insert(source.path, source.source);
    });
}

nlohmann::json DapInspection::sourceOf(const QString& machinePath)
{
    if (machinePath.startsWith(QLatin1Char('#'))) {
        // Compiled at run time: no file anywhere; the machine sent its text.
        int& id = m_sourceIds[machinePath];
        if (id == 0) {
            id = int(m_sourceIds.size());
            m_sources.insert(id, machinePath);
        }
        return {{"name", QString(QStringLiteral("eval ") + machinePath).toStdString()}, {"sourceReference", id},
                {"presentationHint", "deemphasize"}, {"origin", "eval"}};
    }
    const QString local = m_paths.toLocal(machinePath);
    const QString name = QFileInfo(local).fileName().isEmpty() ? local : QFileInfo(local).fileName();
    if (QFileInfo(local).isFile())
        return {{"name", name.toStdString()}, {"path", local.toStdString()}};
    // The editor cannot open it: the adapter serves it (source request) when it can.
    int& id = m_sourceIds[machinePath];
    if (id == 0) {
        id = int(m_sourceIds.size());
        m_sources.insert(id, machinePath);
    }
    return {{"name", name.toStdString()}, {"path", local.toStdString()}, {"sourceReference", id},
            {"presentationHint", "deemphasize"}, {"origin", "machine path, not found in the workspace"}};
}

void DapInspection::stackTrace(const DapArgs::StackTrace& arguments, const Reply& reply, const Fail& fail)
{
    Debuggee* session = threadSession(arguments.threadId, fail);
    if (!session)
        return;
    const int thread = int(arguments.threadId);
    const QList<xsbug::Frame>& frames = session->frames().frames;
    const qint64 start = arguments.startFrame;
    qint64 levels = arguments.levels;
    if (levels <= 0)
        levels = frames.size();
    nlohmann::json list = nlohmann::json::array();
    for (qint64 i = start; i < frames.size() && i < start + levels && i < 100000; ++i) {
        const xsbug::Frame& f = frames[int(i)];
        nlohmann::json frame = {{"id", frameId(thread, int(i))}, {"name", f.name.toStdString()},
                                {"line", f.line}, {"column", f.line > 0 ? 1 : 0}};
        if (!f.path.isEmpty())
            frame["source"] = sourceOf(f.path);
        else
            frame["presentationHint"] = "subtle"; // (host) and native frames
        list.push_back(std::move(frame));
    }
    reply({{"stackFrames", std::move(list)}, {"totalFrames", frames.size()}});
}

void DapInspection::scopes(const DapArgs::Scopes& arguments, const Reply& reply, const Fail& fail)
{
    int thread = 0, index = 0;
    if (!frameOf(arguments.frameId, thread, index, fail))
        return;
    Debuggee* session = threadSession(thread, fail);
    if (!session)
        return;
    if (index >= session->frames().frames.size()) {
        fail(DapError::Inspection, QStringLiteral("frame %1 is not on the machine's stack at this break").arg(index));
        return;
    }
    const QString frame = session->frames().frames[index].address;
    DebuggeeInspector* machine = inspector(thread, session);
    machine->enqueue([this, machine, session = QPointer<Debuggee>(session), thread, frame, reply, fail](std::function<void()> done) {
        if (!session) {
            fail(DapError::NotNow, notStoppedMessage());
            return done();
        }
        machine->selectFrame(frame, [this, session, thread, frame, reply, fail, done](bool ok) {
            if (!ok || !session) {
                fail(DapError::NotNow, notStoppedMessage());
                return done();
            }
            auto scope = [&](const char* name, Scope kind, QStringList path, bool expensive) {
                Reference r;
                r.thread = thread;
                r.scope = kind;
                r.frame = frame;
                r.path = std::move(path);
                return nlohmann::json{{"name", name}, {"variablesReference", newReference(r)}, {"expensive", expensive}};
            };
            nlohmann::json list = nlohmann::json::array();
            list.push_back(scope("Locals", Scope::Locals, {}, false));
            list.back()["presentationHint"] = "locals";
            // The function's closures, when the frame has a function (not the host's).
            if (DebuggeeInspector::find(session->local().properties, {closurePathFunction}) >= 0)
                list.push_back(scope("Closure", Scope::Locals, {closurePathFunction, closurePathClosures}, false));
            list.push_back(scope("Globals", Scope::Globals, {}, true));
            list.push_back(scope("Modules", Scope::Modules, {}, true));
            reply({{"scopes", std::move(list)}});
            done();
        });
    });
}

void DapInspection::variables(const DapArgs::Variables& arguments, const Reply& reply, const Fail& fail)
{
    Reference reference;
    Debuggee* session = referencedSession(arguments.variablesReference, reference, fail);
    if (!session)
        return;
    if (reference.scope == Scope::Result && !reference.result.isEmpty()) {
        // An eval's value, expanded one level by the machine (§3.6).
        const int row = DebuggeeInspector::find(reference.result, reference.path);
        reply({{"variables", row < 0 ? nlohmann::json::array() : children(reference.result, row, reference)}});
        return;
    }
    if (reference.scope == Scope::Result) {
        // Deeper than the machine sent: evaluated again, one level more.
        DebuggeeInspector* machine = inspector(reference.thread, session);
        machine->enqueue([this, machine, reference, reply, fail](std::function<void()> done) {
            machine->evaluate(reference.frame, reference.expression,
                        [this, reference, reply, fail, done](const xsbug::EvalResult* result, const QString& error) {
                            if (!result || result->properties.isEmpty()) {
                                fail(DapError::Inspection, result ? PropertySummary::resultText(*result) : error);
                                return done();
                            }
                            Reference opened = reference;
                            opened.result = result->properties;
                            opened.path = QStringList{result->properties.first().name};
                            reply({{"variables", children(opened.result, 0, opened)}});
                            done();
                        });
        });
        return;
    }
    DebuggeeInspector* machine = inspector(reference.thread, session);
    machine->enqueue([this, machine, reference, reply, fail](std::function<void()> done) {
        auto afterFrame = [this, machine, reference, reply, fail, done](bool ok) {
            if (!ok || !machine->debuggee()) {
                fail(DapError::NotNow, notStoppedMessage());
                return done();
            }
            machine->expand(inspectorScope(reference.scope), reference.path, [this, machine, reference, reply, fail, done](bool expanded) {
                Debuggee* session = machine->debuggee();
                if (!session || !session->isBroken()) {
                    fail(DapError::NotNow, notStoppedMessage());
                    return done();
                }
                const QList<xsbug::Property>& list = scopeList(*session, reference.scope);
                const int row = reference.path.isEmpty() ? -1 : DebuggeeInspector::find(list, reference.path);
                if (!reference.path.isEmpty() && row < 0)
                    reply({{"variables", nlohmann::json::array()}}); // gone since (the program changed it)
                else if (!expanded)
                    fail(DapError::Inspection, QStringLiteral("the machine did not send the contents of %1 in time")
                             .arg(reference.path.join(QLatin1Char('.'))));
                else
                    reply({{"variables", children(list, row, reference)}});
                done();
            });
        };
        if (reference.scope == Scope::Locals)
            machine->selectFrame(reference.frame, afterFrame);
        else
            afterFrame(true);
    });
}

nlohmann::json DapInspection::children(const QList<xsbug::Property>& list, int parent, const Reference& reference)
{
    nlohmann::json out = nlohmann::json::array();
    const int depth = parent < 0 ? 0 : list[parent].depth + 1;
    for (int i = parent + 1; i < list.size() && list[i].depth >= depth; ++i) {
        const xsbug::Property& p = list[i];
        if (p.depth != depth)
            continue;
        // An open object's rows follow it: its preview is made from them.
        QList<xsbug::Property> rows;
        for (int j = i + 1; j < list.size() && list[j].depth > depth; ++j)
            if (list[j].depth == depth + 1)
                rows << list[j];
        const QString value = p.isExpanded() && p.name != closurePathFunction ? PropertySummary::objectText(rows)
                                                                              : PropertySummary::memberText(p);
        nlohmann::json v = {{"name", p.name.toStdString()}, {"value", value.toStdString()}, {"variablesReference", 0}};
        const QString evaluateName = memberExpression(reference, p.name);
        if (!evaluateName.isEmpty())
            v["evaluateName"] = evaluateName.toStdString();
        if (reference.scope != Scope::Result && p.isExpandable()) {
            Reference child = reference;
            child.path << p.name;
            child.expression = evaluateName;
            v["variablesReference"] = newReference(child);
        } else if (reference.scope == Scope::Result && p.isExpanded() && !rows.isEmpty()) {
            Reference child = reference; // sent by the machine already
            child.path << p.name;
            child.expression = evaluateName;
            v["variablesReference"] = newReference(child);
        } else if (reference.scope == Scope::Result && p.isExpandable() && !evaluateName.isEmpty()) {
            Reference child; // one level deeper than sent: evaluated again when opened
            child.thread = reference.thread;
            child.scope = Scope::Result;
            child.frame = reference.frame;
            child.expression = evaluateName;
            v["variablesReference"] = newReference(child);
        }
        if (p.name.startsWith(QLatin1Char('(')))
            v["presentationHint"] = {{"visibility", "internal"}};
        out.push_back(std::move(v));
    }
    return out;
}

QString DapInspection::memberExpression(const Reference& reference, const QString& name)
{
    // A variable of the frame, of its closure or of the global scope is named by its own name.
    const bool named = (reference.scope == Scope::Locals || reference.scope == Scope::Globals) &&
                       (reference.path.isEmpty() || reference.path == QStringList{closurePathFunction, closurePathClosures});
    return named ? childExpression(QStringLiteral("x"), name).mid(2) : childExpression(reference.expression, name);
}

QString DapInspection::failureOf(const xsbug::EvalResult* result, const QString& error)
{
    return !result ? error : result->properties.isEmpty() ? PropertySummary::resultText(*result) : QString();
}

nlohmann::json DapInspection::resultBody(int thread, const QString& frame, const xsbug::EvalResult& result,
                                         const QString& expression, const char* textKey)
{
    nlohmann::json body = {{textKey, PropertySummary::resultText(result).toStdString()}, {"variablesReference", 0}};
    const xsbug::Property& top = result.properties.first();
    if (top.isExpandable() && result.properties.size() > 1) {
        Reference r;
        r.thread = thread;
        r.scope = Scope::Result;
        r.frame = frame;
        r.result = result.properties;
        r.path = QStringList{top.name};
        r.expression = isSafeToEvaluateAgain(expression) ? expression : QString();
        body["variablesReference"] = newReference(r);
    }
    return body;
}

void DapInspection::evaluate(const DapArgs::Evaluate& arguments, const Reply& reply, const Fail& fail)
{
    const QString expression = arguments.expression.trimmed();
    if (expression.isEmpty()) {
        fail(DapError::Arguments, QStringLiteral("nothing to evaluate"));
        return;
    }
    int thread = 0, index = 0;
    QString frame;
    if (!frameOf(arguments.frameId, thread, index, fail))
        return;
    Debuggee* session = threadSession(thread, fail);
    if (!session)
        return;
    if (index < session->frames().frames.size())
        frame = session->frames().frames[index].address;
    DebuggeeInspector* machine = inspector(thread, session);
    machine->enqueue([this, machine, thread, frame, expression, reply, fail](std::function<void()> done) {
        // The answer, from the frame `in` that evaluated it.
        auto finishWith = [this, thread, expression, reply, fail, done](const QString& in, const xsbug::EvalResult* result,
                                                                        const QString& error) {
            if (const QString failure = failureOf(result, error); !failure.isEmpty())
                fail(DapError::Inspection, failure); // "ReferenceError: x is not defined"
            else
                reply(resultBody(thread, in, *result, expression, "result"));
            done();
        };
        // XS evaluates in one frame's scope: a script's top-level const/let is visible from the
        // script's own frame only. A name not defined in a function's frame is looked up again
        // there, when the expression is safe to evaluate twice.
        Debuggee* session = machine->debuggee();
        const QString scriptFrame = session ? outermostScriptFrame(session) : QString();
        machine->evaluate(frame, expression, [this, machine, frame, scriptFrame, expression, fail, done, finishWith](
                                                 const xsbug::EvalResult* result, const QString& error) {
            const QString failure = failureOf(result, error);
            if (failure.isEmpty() || !isUndefinedName(failure) || scriptFrame.isEmpty() || scriptFrame == frame ||
                !isSafeToEvaluateAgain(expression) || !machine->debuggee())
                return finishWith(frame, result, error);
            // After the rest of the machine's answer (its <local> of the first frame) is read.
            QTimer::singleShot(0, this, [machine = QPointer<DebuggeeInspector>(machine), scriptFrame, expression, failure, fail, done,
                                         finishWith] {
                if (!machine || !machine->debuggee())
                    return fail(DapError::Inspection, failure), done();
                machine->evaluate(scriptFrame, expression,
                                  [failure, fail, done, finishWith, scriptFrame](const xsbug::EvalResult* r, const QString& e) {
                                      if (!r || r->properties.isEmpty())
                                          return fail(DapError::Inspection, failure), done(); // the function frame's words
                                      finishWith(scriptFrame, r, e);
                                  });
            });
        });
    });
}

QString DapInspection::outermostScriptFrame(const Debuggee* session)
{
    const QList<xsbug::Frame>& frames = session->frames().frames;
    for (qsizetype i = frames.size() - 1; i >= 0; --i)
        if (!frames[i].path.isEmpty() && !frames[i].address.isEmpty())
            return frames[i].address;
    return {};
}

bool DapInspection::isUndefinedName(const QString& failure)
{
    return failure.contains(QLatin1String("ReferenceError")) &&
           (failure.contains(QLatin1String("undefined variable")) || failure.contains(QLatin1String("is not defined")));
}

QString DapInspection::childExpression(const QString& parent, const QString& name)
{
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_$][A-Za-z0-9_$]*$"));
    static const QRegularExpression index(QStringLiteral("^\\[(\\d+)\\]$"));
    if (parent.isEmpty())
        return {};
    const bool simple = identifier.match(parent).hasMatch() || parent.endsWith(QLatin1Char(']')) ||
                        QRegularExpression(QStringLiteral("^[A-Za-z_$][A-Za-z0-9_$.\\[\\]]*$")).match(parent).hasMatch();
    const QString base = simple ? parent : QLatin1Char('(') + parent + QLatin1Char(')');
    if (identifier.match(name).hasMatch())
        return base + QLatin1Char('.') + name;
    if (name == QLatin1String("(..)")) // the prototype, as a path (not a call: it may be evaluated again)
        return base + QStringLiteral(".__proto__");
    if (const QRegularExpressionMatch m = index.match(name); m.hasMatch())
        return base + QLatin1Char('[') + m.captured(1) + QLatin1Char(']');
    return {};
}

bool DapInspection::isSafeToEvaluateAgain(const QString& expression)
{
    static const QRegularExpression unsafe(QStringLiteral(
        "[A-Za-z0-9_$)\\]]\\s*\\(|\\+\\+|--|(^|[^=!<>])=(?![=>])|\\b(new|delete|await|yield|import)\\b|`"));
    return !unsafe.match(expression).hasMatch();
}

void DapInspection::source(const DapArgs::Source& arguments, const Reply& reply, const Fail& fail)
{
    const std::int64_t id = arguments.sourceReference;
    QString path = id > 0 && id <= INT_MAX ? m_sources.value(int(id)) : QString();
    if (path.isEmpty())
        path = arguments.path;
    if (path.isEmpty()) {
        fail(DapError::Inspection, QStringLiteral("sourceReference %1 is not known").arg(id));
        return;
    }
    if (const auto it = m_evalSources.constFind(path); it != m_evalSources.constEnd()) {
        reply({{"content", it->toStdString()}, {"mimeType", "text/javascript"}});
        return;
    }
    if (path.startsWith(QLatin1Char('#'))) {
        fail(DapError::Inspection, QStringLiteral("the machine did not send the text of %1 (code compiled before the debugger connected)").arg(path));
        return;
    }
    // The machine sends no source text: the file as the machine names it, when this computer has it.
    for (const QString& candidate : {path, m_paths.toLocal(path)}) {
        QFile file(candidate);
        if (file.open(QIODevice::ReadOnly)) {
            const QByteArray bytes = file.read(64 << 20);
            reply({{"content", bytes.toStdString()}, {"mimeType", "text/javascript"}});
            return;
        }
    }
    fail(DapError::Inspection, QStringLiteral("%1 is not on this computer and the machine does not send sources: map its folder to your "
                        "workspace with \"localRoot\"/\"remoteRoot\" or \"sourceMap\"")
             .arg(path));
}

// --- at a stop on a throw; assignments; completions ------------------------------------------

void DapInspection::exceptionInfo(const DapArgs::ExceptionInfo& arguments, const Reply& reply, const Fail& fail)
{
    Debuggee* session = threadSession(arguments.threadId, fail);
    if (!session)
        return;
    const QString message = session->lastBreak().message;
    if (!ExceptionBreakGuard::isExceptionBreak(message)) {
        fail(DapError::NotNow, QStringLiteral("thread %1 did not stop on a throw (it stopped at: %2)")
                                   .arg(arguments.threadId)
                                   .arg(ExceptionBreakGuard::breakWords(message)));
        return;
    }
    // The machine renders the thrown value in its break message: "RangeError: value 5 is too
    // large" for an error, "42", "(object)" for others. No expression names the value itself.
    const QString value = ExceptionBreakGuard::breakWords(message);
    static const QRegularExpression error(QStringLiteral("^([A-Za-z_$][A-Za-z0-9_$]*Error)(?:: (.*))?$"),
                                          QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpressionMatch m = error.match(value);
    QStringList stack;
    for (const xsbug::Frame& f : session->frames().frames)
        stack << (f.path.isEmpty() ? QStringLiteral("    at %1").arg(f.name)
                                   : QStringLiteral("    at %1 (%2:%3)").arg(f.name, m_paths.toLocal(f.path)).arg(f.line));
    nlohmann::json details = {{"message", (m.hasMatch() ? m.captured(2) : value).toStdString()},
                              {"stackTrace", stack.join(QLatin1Char('\n')).toStdString()}};
    if (m.hasMatch())
        details["typeName"] = m.captured(1).toStdString();
    reply({{"exceptionId", (m.hasMatch() ? m.captured(1) : QStringLiteral("thrown value")).toStdString()},
           {"description", value.toStdString()},
           {"breakMode", "always"}, // the "exceptions" filter: every throw, caught or not
           {"details", std::move(details)}});
}

void DapInspection::setVariable(const DapArgs::SetVariable& arguments, const Reply& reply, const Fail& fail)
{
    Reference container;
    Debuggee* session = referencedSession(arguments.variablesReference, container, fail);
    if (!session)
        return;
    // A global through the global object: a local of the same name would take the assignment.
    const bool global = container.scope == Scope::Globals && container.path.isEmpty();
    const QString target = arguments.name.startsWith(QLatin1Char('('))
        ? QString()
        : global ? childExpression(QStringLiteral("globalThis"), arguments.name) : memberExpression(container, arguments.name);
    if (target.isEmpty()) {
        fail(DapError::Assignment, QStringLiteral("%1 cannot be assigned from here: it has no name an expression can reach "
                                                  "(a module's variable, an internal slot, a symbol)")
                                       .arg(arguments.name));
        return;
    }
    if (arguments.value.trimmed().isEmpty()) {
        fail(DapError::Assignment, QStringLiteral("no value to assign to %1").arg(target));
        return;
    }
    // XS loses the program's exception if an evaluation at a stop on a throw throws or runs a
    // try statement, and an assignment can throw (a setter, a const, a frozen object).
    if (ExceptionBreakGuard::isExceptionBreak(session->lastBreak().message)) {
        fail(DapError::Assignment, QStringLiteral("%1 is not assigned: at a stop on a throw, an assignment that throws would "
                                                  "take the thrown value from the program (its catch would see undefined). "
                                                  "Step or continue first.")
                                       .arg(target));
        return;
    }
    // A line break before the closing parenthesis: a value ending in a // comment stays whole.
    const QString assignment = target + QStringLiteral(" = (") + arguments.value.trimmed() + QStringLiteral("\n)");
    const int thread = container.thread;
    const QString frame = container.frame;
    DebuggeeInspector* machine = inspector(thread, session);
    machine->enqueue([this, machine, thread, frame, target, assignment, reply, fail](std::function<void()> done) {
        machine->evaluate(frame, assignment, [this, thread, frame, target, reply, fail, done](const xsbug::EvalResult* result,
                                                                                              const QString& error) {
            if (const QString failure = failureOf(result, error); !failure.isEmpty())
                fail(DapError::Assignment, failure); // "TypeError: … read-only"
            else
                reply(resultBody(thread, frame, *result, target, "value"));
            done();
        });
    });
}

void DapInspection::completions(const DapArgs::Completions& arguments, const Reply& reply, const Fail& fail)
{
    // The word before the cursor (column is 1-based, in UTF-16 units as QString counts).
    const qsizetype cursor = std::clamp<qsizetype>(qsizetype(arguments.column) - 1, 0, arguments.text.size());
    qsizetype start = cursor;
    auto isNamePart = [](QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_') || c == QLatin1Char('$'); };
    while (start > 0 && isNamePart(arguments.text[start - 1]))
        --start;
    const QString prefix = arguments.text.mid(start, cursor - start);
    qsizetype before = start;
    while (before > 0 && arguments.text[before - 1].isSpace())
        --before;
    const bool member = before > 0 && arguments.text[before - 1] == QLatin1Char('.');
    int thread = 0, index = 0;
    const auto none = [&reply] { reply({{"targets", nlohmann::json::array()}}); };
    if (member || (prefix.size() > 0 && prefix[0].isDigit()))
        return none();
    if (!arguments.frameId) {
        // Typing in the REPL while nothing is stopped is no error: no names to offer.
        const QList<int> ids = m_threads.ids();
        if (std::none_of(ids.begin(), ids.end(), [this](int id) {
                Debuggee* s = m_threads.debuggee(id);
                return s && s->isBroken();
            }))
            return none();
    }
    if (!frameOf(arguments.frameId, thread, index, fail))
        return;
    Debuggee* session = threadSession(thread, fail);
    if (!session)
        return;
    const QString frame = index < session->frames().frames.size() ? session->frames().frames[index].address : QString();
    const qsizetype replaced = prefix.size();
    const qsizetype column = start + 1;
    DebuggeeInspector* machine = inspector(thread, session);
    machine->enqueue([machine, frame, prefix, column, replaced, reply, fail](std::function<void()> done) {
        machine->selectFrame(frame, [machine, prefix, column, replaced, reply, fail, done](bool ok) {
            if (!ok || !machine->debuggee()) {
                fail(DapError::NotNow, notStoppedMessage());
                return done();
            }
            // The closure's names are listed once its rows are open (two toggles, when it has any).
            machine->expand(DebuggeeInspector::Scope::Locals, {closurePathFunction, closurePathClosures},
                            [machine, prefix, column, replaced, reply, fail, done](bool) {
                Debuggee* session = machine->debuggee();
                if (!session || !session->isBroken()) {
                    fail(DapError::NotNow, notStoppedMessage());
                    return done();
                }
                nlohmann::json targets = nlohmann::json::array();
                QSet<QString> seen;
                auto offer = [&](const xsbug::Property& p, const char* type, char order) {
                    if (p.name.startsWith(QLatin1Char('(')) || !p.name.startsWith(prefix) || seen.contains(p.name))
                        return;
                    seen.insert(p.name);
                    targets.push_back({{"label", p.name.toStdString()},
                                       {"type", type},
                                       {"sortText", order + p.name.toStdString()},
                                       {"start", column},
                                       {"length", replaced}});
                };
                const QList<xsbug::Property>& locals = session->local().properties;
                for (const xsbug::Property& p : locals)
                    if (p.depth == 0)
                        offer(p, "variable", '0');
                const int closures = DebuggeeInspector::find(locals, {closurePathFunction, closurePathClosures});
                for (qsizetype i = closures + 1; closures >= 0 && i < locals.size() && locals[i].depth > 1; ++i)
                    if (locals[i].depth == 2)
                        offer(locals[i], "variable", '1');
                for (const xsbug::Property& p : session->global().properties)
                    if (p.depth == 0)
                        offer(p, "property", '2');
                reply({{"targets", std::move(targets)}});
                done();
            });
        });
    });
}

// --- one machine's requests in order -------------------------------------------------------

DebuggeeInspector* DapInspection::inspector(int thread, Debuggee* debuggee)
{
    DebuggeeInspector*& inspector = m_inspectors[thread];
    if (!inspector) {
        inspector = new DebuggeeInspector(debuggee, this);
        inspector->setAnswerTimeoutMs(m_timeoutMs);
    }
    return inspector;
}

DebuggeeInspector::Scope DapInspection::inspectorScope(Scope scope)
{
    switch (scope) {
    case Scope::Globals: return DebuggeeInspector::Scope::Globals;
    case Scope::Modules: return DebuggeeInspector::Scope::Modules;
    case Scope::Locals:
    case Scope::Result: break;
    }
    return DebuggeeInspector::Scope::Locals;
}

const QList<xsbug::Property>& DapInspection::scopeList(const Debuggee& debuggee, Scope scope)
{
    return DebuggeeInspector::scopeList(debuggee, inspectorScope(scope));
}
