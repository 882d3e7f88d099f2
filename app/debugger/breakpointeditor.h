#pragma once
// Edits one breakpoint: enabled, condition (stop only when it is truthy), hit count, and log
// message (a log point: the machine logs the expression's value and does not stop). Opened
// from the breakpoints pane (Edit…) and the source gutter (Add Conditional Breakpoint…, Add
// Log Point…). Non-modal; edited() when accepted with valid input.
#include "protocol/breakpoint.h"

#include <QDialog>

class QCheckBox;
class QLabel;
class QLineEdit;

class BreakpointEditor : public QDialog
{
    Q_OBJECT
public:
    enum class Focus { Condition, LogMessage, HitCount };

    BreakpointEditor(const Breakpoint& breakpoint, Focus focus, QWidget* parent = nullptr);

    Breakpoint breakpoint() const;
    QCheckBox* enabledBox() const { return m_enabled; }
    QLineEdit* conditionField() const { return m_condition; }
    QLineEdit* hitCountField() const { return m_hitCount; }
    QLineEdit* logMessageField() const { return m_logMessage; }
    // Shown under the fields, e.g. that conditions need an XS compiler.
    void setNote(const QString& text);

    void accept() override;

signals:
    void edited(const Breakpoint& breakpoint);

private:
    Breakpoint m_breakpoint;
    QCheckBox* m_enabled;
    QLineEdit* m_condition;
    QLineEdit* m_hitCount;
    QLineEdit* m_logMessage;
    QLabel* m_note;
    QLabel* m_error;
};
