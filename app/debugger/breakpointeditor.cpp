#include "app/debugger/breakpointeditor.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpressionValidator>
#include <QVBoxLayout>

BreakpointEditor::BreakpointEditor(const Breakpoint& breakpoint, Focus focus, QWidget* parent)
    : QDialog(parent), m_breakpoint(breakpoint), m_enabled(new QCheckBox(tr("&Enabled"))),
      m_condition(new QLineEdit), m_hitCount(new QLineEdit), m_logMessage(new QLineEdit), m_note(new QLabel),
      m_error(new QLabel)
{
    const QString where = breakpoint.function ? tr("entry to %1()").arg(breakpoint.path)
                                              : tr("%1, line %2").arg(QFileInfo(breakpoint.path).fileName()).arg(breakpoint.line);
    setWindowTitle(tr("Breakpoint at %1").arg(where));
    m_enabled->setChecked(breakpoint.enabled);
    m_condition->setText(breakpoint.condition);
    m_condition->setPlaceholderText(tr("stop only when this is truthy, e.g. n > 10"));
    m_hitCount->setText(breakpoint.hitCount);
    m_hitCount->setPlaceholderText(tr("every hit; or N, >=N, >N, =N, <N, <=N, %N"));
    const QRegularExpression form(QStringLiteral("(") + Breakpoint::hitCountPattern() + QStringLiteral(")?"));
    m_hitCount->setValidator(new QRegularExpressionValidator(form, m_hitCount));
    m_logMessage->setText(breakpoint.logMessage);
    m_logMessage->setPlaceholderText(tr("log this expression's value and do not stop, e.g. `n = ${n}`"));
    m_note->setWordWrap(true);
    m_note->setEnabled(false);
    m_note->hide();
    m_error->setStyleSheet(QStringLiteral("QLabel { color: #c0392b; }"));
    m_error->setWordWrap(true);
    m_error->hide();

    auto* fields = new QFormLayout;
    fields->addRow(m_enabled);
    fields->addRow(tr("&Condition:"), m_condition);
    fields->addRow(tr("&Hit count:"), m_hitCount);
    fields->addRow(tr("&Log message:"), m_logMessage);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &BreakpointEditor::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("<b>%1</b>").arg(where.toHtmlEscaped())));
    layout->addLayout(fields);
    layout->addWidget(m_note);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
    setMinimumWidth(460);

    QLineEdit* first = focus == Focus::LogMessage ? m_logMessage : focus == Focus::HitCount ? m_hitCount : m_condition;
    first->setFocus();
}

void BreakpointEditor::setNote(const QString& text)
{
    m_note->setText(text);
    m_note->setVisible(!text.isEmpty());
}

Breakpoint BreakpointEditor::breakpoint() const
{
    Breakpoint b = m_breakpoint;
    b.enabled = m_enabled->isChecked();
    b.condition = m_condition->text().trimmed();
    b.hitCount = m_hitCount->text().trimmed();
    b.logMessage = m_logMessage->text().trimmed();
    return b;
}

void BreakpointEditor::accept()
{
    const Breakpoint b = breakpoint();
    QString problem;
    if (!b.hitCount.isEmpty() && !Breakpoint::isValidHitCount(b.hitCount))
        problem = tr("\"%1\" is not a hit count: write a number, optionally after %, <, <=, =, > or >=.").arg(b.hitCount);
    else if (b.condition.contains(QLatin1Char('\0')) || b.logMessage.contains(QLatin1Char('\0')))
        problem = tr("An expression cannot hold a NUL character.");
    if (!problem.isEmpty()) {
        m_error->setText(problem);
        m_error->show();
        return;
    }
    emit edited(b);
    QDialog::accept();
}
