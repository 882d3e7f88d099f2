#pragma once
// A machine's instruments (xsbug-protocol.md §7): per instrument its name and last value
// with its unit on one line, and under them a sparkline of the last N samples the panel's
// whole width (hover it for the value of a sample). A unit of " / " pairs an instrument with
// the next one ("used / available bytes"), plotting the first. Its size hint is its longest
// line, which the machine's tab gives it when the instruments appear; narrowed, names and
// values elide with "…" and show the whole text as a tooltip. The plots are opaque in the
// palette's colours and follow a theme change.
#include "protocol/machinesession.h"

#include "protocol/xsbugmessages.h"

#include <QPointer>
#include <QStringList>
#include <QWidget>

class ElidedLabel;
class QCustomPlot;
class QGridLayout;
class QLabel;

class InstrumentsPanel : public QWidget
{
    Q_OBJECT
public:
    static constexpr int defaultWindow = 120;

    explicit InstrumentsPanel(QWidget* parent = nullptr);
    ~InstrumentsPanel() override;

    // Follows the session's <instruments> and <samples>; starts from what it declared.
    void setSession(MachineSession* session);
    void declare(const xsbug::Instruments& instruments);
    void addSamples(const xsbug::InstrumentSamples& samples);

    int window() const { return m_window; }
    void setWindow(int samples);

    int rowCount() const { return int(m_rows.size()); }
    QString rowName(int row) const;
    QString rowValue(int row) const;
    ElidedLabel* nameLabel(int row) const;
    ElidedLabel* valueLabel(int row) const;
    QCustomPlot* plot(int row) const;
    // What hovering the sparkline of `row` at sample number `x` shows; empty off the data.
    QString valueTextAt(int row, double x) const;
    qint64 sampleCount() const { return m_sampleCount; }

signals:
    // A name or value became wider than its line: the strip may be widened to show it whole.
    void linesWidened();

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Row {
        int first = 0;       // instrument index plotted
        int second = -1;     // the "available" partner of a " / " pair
        ElidedLabel* name = nullptr;
        ElidedLabel* value = nullptr;
        QCustomPlot* plot = nullptr;
        QString unit;
    };
    void clearRows();
    void applyColors(QCustomPlot* plot) const;

    QPointer<MachineSession> m_session;
    QStringList m_units; // as declared, one per instrument
    QList<Row> m_rows;
    QGridLayout* m_grid;
    QLabel* m_empty;
    int m_window = defaultWindow;
    qint64 m_sampleCount = 0;
};
