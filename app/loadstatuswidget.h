#pragma once
// Status-bar progress of the ProfileOpenJob: what is loading, how far, and a Cancel button.
#include <QWidget>

class ProfileOpenJob;
class QLabel;
class QProgressBar;
class QToolButton;

class LoadStatusWidget : public QWidget
{
    Q_OBJECT
public:
    explicit LoadStatusWidget(ProfileOpenJob* loader, QWidget* parent = nullptr);

    QToolButton* cancelButton() const { return m_cancel; }

private:
    QLabel* m_label;
    QProgressBar* m_progress;
    QToolButton* m_cancel;
};
