#include "app/debugger/consoleevaluator.h"

#include "app/debugger/consolemodel.h"
#include "app/debugger/variablesmodel.h"

#include "protocol/debuggeeinspector.h"
#include "protocol/propertysummary.h"
#include "protocol/xsccompiler.h"

#include <QKeyEvent>
#include <QLineEdit>

ConsoleEvaluator::ConsoleEvaluator(Debuggee* session, QLineEdit* field, ConsoleModel* console,
                                   VariablesModel* result, QObject* parent)
    : QObject(parent), m_session(session), m_inspector(new DebuggeeInspector(session, this)), m_field(field),
      m_console(console), m_result(result)
{
    field->installEventFilter(this);
    connect(field, &QLineEdit::returnPressed, this, &ConsoleEvaluator::submit);
    if (session) {
        connect(session, &Debuggee::stateChanged, this, &ConsoleEvaluator::updateField);
        connect(session, &Debuggee::variablesChanged, this, &ConsoleEvaluator::updateField);
    }
    updateField();
}

void ConsoleEvaluator::updateField()
{
    QString placeholder, tip;
    bool enabled = false;
    if (!m_session) {
        placeholder = tr("Evaluate… (no machine: expressions are evaluated in a machine's tab)");
    } else if (!m_session->isConnected()) {
        placeholder = tr("Evaluate… (the machine is gone)");
    } else if (m_session->compilerPath().isEmpty()) {
        placeholder = tr("Evaluate… needs the XS compiler xsc: Preferences › Debugger");
        tip = XscCompiler::howToGetOne();
    } else if (!m_session->isBroken()) {
        placeholder = tr("Evaluate… needs a break: press Break, or wait for a breakpoint");
        tip = tr("Expressions are evaluated in the selected frame while the machine is stopped.");
    } else {
        enabled = true;
        const QString frame = m_session->local().name;
        placeholder = frame.isEmpty() ? tr("Evaluate (Enter; Up/Down: history)")
                                      : tr("Evaluate in %1 (Enter; Up/Down: history)").arg(frame);
        tip = tr("Compiled with %1").arg(m_session->compilerPath());
    }
    m_field->setEnabled(enabled);
    m_field->setPlaceholderText(placeholder);
    m_field->setToolTip(tip);
}

void ConsoleEvaluator::submit()
{
    const QString expression = m_field->text().trimmed();
    if (expression.isEmpty() || !m_session)
        return;
    if (m_history.isEmpty() || m_history.last() != expression)
        m_history << expression;
    m_historyIndex = int(m_history.size());
    m_typing.clear();
    m_field->clear();
    m_console->appendLine(QStringLiteral("> ") + expression, ConsoleModel::Kind::Input);
    // In the inspected frame (the one selected in the call stack), after any evaluation before it.
    QPointer<ConsoleEvaluator> self(this);
    m_inspector->enqueue([self, expression](std::function<void()> done) {
        if (!self)
            return done();
        self->m_inspector->evaluate({}, expression, [self, expression, done](const xsbug::EvalResult* result, const QString& error) {
            if (self) {
                if (result)
                    self->onEvaluated(expression, *result);
                else
                    self->onFailed(expression, error);
            }
            done();
        });
    });
}

void ConsoleEvaluator::onEvaluated(const QString& expression, const xsbug::EvalResult& result)
{
    Q_UNUSED(expression);
    if (result.properties.isEmpty()) {
        m_console->appendLine(PropertySummary::resultText(result), ConsoleModel::Kind::Error);
        return;
    }
    m_console->appendLine(QStringLiteral("< ") + PropertySummary::resultText(result), ConsoleModel::Kind::Plain);
    if (result.properties.first().isExpandable()) {
        // The tree shows the object as the Locals show theirs; the value row is named after the expression.
        QList<xsbug::Property> properties = result.properties;
        properties.first().name = expression;
        for (xsbug::Property& p : properties) {
            if (!p.isExpandable())
                p.value = PropertySummary::leafText(p.value); // 'hi\n' on one row
        }
        m_result->setProperties(properties);
        emit objectShown();
    }
}

void ConsoleEvaluator::onFailed(const QString& expression, const QString& message)
{
    Q_UNUSED(expression);
    m_console->appendLine(message, ConsoleModel::Kind::Error);
}

bool ConsoleEvaluator::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_field && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        if ((key == Qt::Key_Up || key == Qt::Key_Down) && !m_history.isEmpty()) {
            if (m_historyIndex == m_history.size())
                m_typing = m_field->text();
            m_historyIndex = qBound(0, m_historyIndex + (key == Qt::Key_Up ? -1 : 1), int(m_history.size()));
            m_field->setText(m_historyIndex == m_history.size() ? m_typing : m_history.at(m_historyIndex));
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}
