#pragma once
// The console's "Evaluate…" field for one machine (xsbug's console): at a break, Enter
// evaluates the expression in the frame selected in the call stack; the expression and its
// value go to the console (errors in red: xsc's compile errors, the machine's exceptions),
// and an object's properties to the result tree, opened one level as the machine sends it.
// Up/Down walk the history. While the machine runs, or without an XS compiler, the field
// is disabled and says why. Evaluations go through the machine's DebuggeeInspector, one at a
// time, as the DAP adapter's do.
#include <QObject>
#include <QPointer>
#include <QStringList>

class ConsoleModel;
class Debuggee;
class DebuggeeInspector;
class QLineEdit;
class VariablesModel;
namespace xsbug {
struct EvalResult;
}

class ConsoleEvaluator : public QObject
{
    Q_OBJECT
public:
    ConsoleEvaluator(Debuggee* session, QLineEdit* field, ConsoleModel* console, VariablesModel* result,
                     QObject* parent = nullptr);

    QStringList history() const { return m_history; }
    // Re-reads the machine's state and the compiler: enabled, placeholder, tooltip.
    void updateField();
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    // An object arrived in the result tree.
    void objectShown();

private:
    void submit();
    void onEvaluated(const QString& expression, const xsbug::EvalResult& result);
    void onFailed(const QString& expression, const QString& message);

    QPointer<Debuggee> m_session;
    DebuggeeInspector* m_inspector; // a child
    QLineEdit* m_field;
    ConsoleModel* m_console;
    VariablesModel* m_result;
    QStringList m_history;
    int m_historyIndex = 0; // == size(): the line being typed
    QString m_typing;       // kept while walking the history
};
