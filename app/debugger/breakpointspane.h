#pragma once
// The breakpoint list, under a "Breakpoints" label: enable/disable by checkbox, Edit… (condition,
// hit count, log message; also on double-click), Add Function… (stop on entry to a function
// by name), Hit Count… (stop only at some hits), Remove (Del), Remove All, and the Break on
// start / Break on exceptions flags. The questions are asked in non-modal dialogs.
#include <QWidget>

class BreakpointEditor;
class BreakpointsModel;
class QCheckBox;
class QListView;
class QToolButton;

class BreakpointsPane : public QWidget
{
    Q_OBJECT
public:
    explicit BreakpointsPane(BreakpointsModel* model, QWidget* parent = nullptr);
    QListView* view() const { return m_view; }
    QCheckBox* breakOnExceptionsBox() const { return m_onExceptions; }
    QToolButton* addFunctionButton() const { return m_addFunction; }
    QToolButton* hitCountButton() const { return m_hitCount; }
    QToolButton* editButton() const { return m_edit; }
    // The editor for the current row (Edit…, double-click); null when none is selected.
    BreakpointEditor* editCurrent();

signals:
    void breakpointActivated(const QString& path, int line);

private:
    void removeSelected();
    void askFunctionName();
    void askHitCount();

    BreakpointsModel* m_model;
    QListView* m_view;
    QCheckBox* m_onStart;
    QCheckBox* m_onExceptions;
    QToolButton* m_addFunction;
    QToolButton* m_hitCount;
    QToolButton* m_edit;
};
