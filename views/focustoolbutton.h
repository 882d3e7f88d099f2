#pragma once
// A tool button that shows when it has the keyboard focus: some styles (Fusion among them)
// draw no focus mark on tool buttons, so Tab would land on an invisible stop.
#include <QToolButton>

class FocusToolButton : public QToolButton
{
    Q_OBJECT
public:
    explicit FocusToolButton(QWidget* parent = nullptr);

protected:
    void paintEvent(QPaintEvent* event) override;
};
