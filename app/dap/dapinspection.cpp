#include "dapinspection.h"

#include "app/dap/dapmachines.h"
#include "app/dap/dapmessages.h"
#include "protocol/propertysummary.h"

#include <QFile>
#include <QFileInfo>
#include <QPointer>
#include <QRegularExpression>
#include <QTimer>

#include <memory>

namespace {

const QString closurePathFunction = QStringLiteral("(function)");
const QString closurePathClosures = QStringLiteral("(closures)");

QString notStoppedMessage()
{
    return DebuggeeInspector::notStoppedMessage();
}

} // namespace

DapInspection::DapInspection(DapMachines* machines, QObject* parent) : QObject(parent), m_machines(machines) {}

Debuggee* DapInspection::threadSession(int threadId, const Fail& fail) const
{
    Debuggee* session = m_machines->session(threadId);
    if (!session) {
        fail(QStringLiteral("there is no thread %1 (its machine left, or never connected)").arg(threadId));
        return nullptr;
    }
    if (!session->isBroken()) {
        fail(notStoppedMessage());
        return nullptr;
    }
    return session;
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

void DapInspection::stackTrace(const nlohmann::json& arguments, const Reply& reply, const Fail& fail)
{
    const int thread = int(DapJson::integer(arguments, "threadId").value_or(0));
    Debuggee* session = threadSession(thread, fail);
    if (!session)
        return;
    const QList<xsbug::Frame>& frames = session->frames().frames;
    const qint64 start = std::max<qint64>(0, DapJson::integer(arguments, "startFrame").value_or(0));
    qint64 levels = DapJson::integer(arguments, "levels").value_or(0);
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

void DapInspection::scopes(const nlohmann::json& arguments, const Reply& reply, const Fail& fail)
{
    int thread = 0, index = 0;
    if (!decodeFrame(DapJson::integer(arguments, "frameId").value_or(0), thread, index)) {
        fail(QStringLiteral("'frameId' is missing or not a frame of this adapter"));
        return;
    }
    Debuggee* session = threadSession(thread, fail);
    if (!session)
        return;
    if (index >= session->frames().frames.size()) {
        fail(QStringLiteral("frame %1 is not on the machine's stack at this break").arg(index));
        return;
    }
    const QString frame = session->frames().frames[index].address;
    DebuggeeInspector* machine = inspector(thread, session);
    machine->enqueue([this, machine, session = QPointer<Debuggee>(session), thread, frame, reply, fail](std::function<void()> done) {
        if (!session) {
            fail(notStoppedMessage());
            return done();
        }
        machine->selectFrame(frame, [this, session, thread, frame, reply, fail, done](bool ok) {
            if (!ok || !session) {
                fail(notStoppedMessage());
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

void DapInspection::variables(const nlohmann::json& arguments, const Reply& reply, const Fail& fail)
{
    const int id = int(DapJson::integer(arguments, "variablesReference").value_or(0));
    const auto it = m_references.find(id);
    if (it == m_references.end()) {
        fail(QStringLiteral("variablesReference %1 is not known (references hold until the machine resumes)").arg(id));
        return;
    }
    const Reference reference = it->second;
    Debuggee* session = threadSession(reference.thread, fail);
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
                                fail(result ? PropertySummary::resultText(*result) : error);
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
                fail(notStoppedMessage());
                return done();
            }
            machine->expand(inspectorScope(reference.scope), reference.path, [this, machine, reference, reply, fail, done](bool expanded) {
                Debuggee* session = machine->debuggee();
                if (!session || !session->isBroken()) {
                    fail(notStoppedMessage());
                    return done();
                }
                const QList<xsbug::Property>& list = scopeList(*session, reference.scope);
                const int row = reference.path.isEmpty() ? -1 : DebuggeeInspector::find(list, reference.path);
                if (!reference.path.isEmpty() && row < 0)
                    reply({{"variables", nlohmann::json::array()}}); // gone since (the program changed it)
                else if (!expanded)
                    fail(QStringLiteral("the machine did not send the contents of %1 in time")
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
        // A variable of the frame, of its closure or of the global scope is named by its own name.
        const bool named = (reference.scope == Scope::Locals || reference.scope == Scope::Globals) &&
                           (reference.path.isEmpty() || reference.path == QStringList{closurePathFunction, closurePathClosures});
        const QString evaluateName = named
            ? childExpression(QStringLiteral("x"), p.name).mid(2)
            : childExpression(reference.expression, p.name);
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

void DapInspection::evaluate(const nlohmann::json& arguments, const Reply& reply, const Fail& fail)
{
    const QString expression = QString::fromStdString(DapJson::string(arguments, "expression")).trimmed();
    if (expression.isEmpty()) {
        fail(QStringLiteral("nothing to evaluate"));
        return;
    }
    int thread = 0, index = 0;
    QString frame;
    if (const auto id = DapJson::integer(arguments, "frameId")) {
        if (!decodeFrame(*id, thread, index)) {
            fail(QStringLiteral("frameId %1 is not a frame of this adapter").arg(*id));
            return;
        }
    } else {
        // No frame: the first machine stopped.
        for (const auto& [id, name] : m_machines->threads()) {
            if (Debuggee* s = m_machines->session(id); s && s->isBroken()) {
                thread = id;
                break;
            }
        }
        if (thread == 0) {
            fail(QStringLiteral("no machine is stopped at a break: XS evaluates only at a break"));
            return;
        }
    }
    Debuggee* session = threadSession(thread, fail);
    if (!session)
        return;
    if (index < session->frames().frames.size())
        frame = session->frames().frames[index].address;
    DebuggeeInspector* machine = inspector(thread, session);
    machine->enqueue([this, machine, thread, frame, expression, reply, fail](std::function<void()> done) {
        machine->evaluate(frame, expression, [this, thread, frame, expression, reply, fail, done](const xsbug::EvalResult* result, const QString& error) {
            if (!result) {
                fail(error);
                return done();
            }
            if (result->properties.isEmpty()) {
                fail(PropertySummary::resultText(*result)); // "ReferenceError: x is not defined"
                return done();
            }
            nlohmann::json body = {{"result", PropertySummary::resultText(*result).toStdString()}, {"variablesReference", 0}};
            const xsbug::Property& top = result->properties.first();
            if (top.isExpandable() && result->properties.size() > 1) {
                Reference r;
                r.thread = thread;
                r.scope = Scope::Result;
                r.frame = frame;
                r.result = result->properties;
                r.path = QStringList{top.name};
                r.expression = isSafeToEvaluateAgain(expression) ? expression : QString();
                body["variablesReference"] = newReference(r);
            }
            reply(body);
            done();
        });
    });
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

void DapInspection::source(const nlohmann::json& arguments, const Reply& reply, const Fail& fail)
{
    int id = int(DapJson::integer(arguments, "sourceReference").value_or(0));
    if (id == 0)
        id = int(DapJson::integer(DapJson::object(arguments, "source"), "sourceReference").value_or(0));
    QString path = m_sources.value(id);
    if (path.isEmpty())
        path = QString::fromStdString(DapJson::string(DapJson::object(arguments, "source"), "path"));
    if (path.isEmpty()) {
        fail(QStringLiteral("sourceReference %1 is not known").arg(id));
        return;
    }
    if (const auto it = m_evalSources.constFind(path); it != m_evalSources.constEnd()) {
        reply({{"content", it->toStdString()}, {"mimeType", "text/javascript"}});
        return;
    }
    if (path.startsWith(QLatin1Char('#'))) {
        fail(QStringLiteral("the machine did not send the text of %1 (code compiled before the debugger connected)").arg(path));
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
    fail(QStringLiteral("%1 is not on this computer and the machine does not send sources: map its folder to your "
                        "workspace with \"localRoot\"/\"remoteRoot\" or \"sourceMap\"")
             .arg(path));
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
