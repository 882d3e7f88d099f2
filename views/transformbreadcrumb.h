#pragma once
// The transform stack shown above a profile's views: "Full profile › Merge fib › Focus on
// main". Clicking a step asks to go back to it, Backspace asks to undo the last one. The
// widget only shows the list and sends requests; whoever owns the stack (the profile
// document) applies them and calls setTransforms() with the result.
#include "model/transforms.h"

#include <QWidget>

#include <vector>

class QHBoxLayout;
class QToolButton;

class TransformBreadcrumb : public QWidget
{
    Q_OBJECT
public:
    explicit TransformBreadcrumb(QWidget* parent = nullptr);

    void setTransforms(std::vector<xsprof::Transform> transforms);
    const std::vector<xsprof::Transform>& transforms() const { return m_transforms; }
    // Step 0 is the untransformed profile, step i the one after the i-th transform.
    QToolButton* stepButton(int step) const;
    int stepCount() const { return int(m_transforms.size()) + 1; }

signals:
    // Keep the first `count` transforms (0: back to the full profile).
    void goBackRequested(int count);

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    void rebuild();

    std::vector<xsprof::Transform> m_transforms;
    QHBoxLayout* m_layout;
    std::vector<QToolButton*> m_buttons;
};
