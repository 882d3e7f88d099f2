#pragma once
// The profile pane's stopwatch, as in xsbug: checked while the engine profiles, its hand
// turning. The checked state is set from outside (the engine's <pt> messages): a click
// only emits clicked(), so a start request that the engine ignores leaves it unchecked.
#include <QElapsedTimer>
#include <QPixmap>
#include <QTimer>
#include <QToolButton>

class StopwatchButton : public QToolButton
{
    Q_OBJECT
public:
    explicit StopwatchButton(QWidget* parent = nullptr);

    bool isProfiling() const { return isChecked(); }
    // Checks the button and turns the hand while `profiling`.
    void setProfiling(bool profiling);
    // A start or stop the machine has not read yet (PendingCommand): a dashed ring, and the
    // tooltip says why ("" clears it).
    void setPending(const QString& text);
    bool isPending() const { return !m_pending.isEmpty(); }
    // Which hosts read commands only when they pause, for tooltips.
    static QString pauseReadersNote();
    bool isAnimating() const { return m_animation.isActive(); }
    // Degrees clockwise from twelve o'clock, as painted now.
    double handAngle() const;

    QSize sizeHint() const override;

protected:
    void nextCheckState() override {} // the engine decides, not the click
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    QPixmap dial(const QSize& size, qreal dpr);
    void updateToolTip();

    QTimer m_animation;
    QElapsedTimer m_clock;
    QPixmap m_dial;
    QString m_pending;
};
