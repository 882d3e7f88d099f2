#pragma once
// The breakpoint list: enable/disable by checkbox, Remove (Del), Remove All, and the
// Break on start / Break on exceptions flags.
#include <QWidget>

class BreakpointsModel;
class QCheckBox;
class QListView;

class BreakpointsPane : public QWidget
{
    Q_OBJECT
public:
    explicit BreakpointsPane(BreakpointsModel* model, QWidget* parent = nullptr);
    QListView* view() const { return m_view; }
    QCheckBox* breakOnStartBox() const { return m_onStart; }
    QCheckBox* breakOnExceptionsBox() const { return m_onExceptions; }

signals:
    void breakpointActivated(const QString& path, int line);

private:
    void removeSelected();

    BreakpointsModel* m_model;
    QListView* m_view;
    QCheckBox* m_onStart;
    QCheckBox* m_onExceptions;
};
