#pragma once
// A strip above a profile's views saying what the file's reader repaired or left out
// (frames it could not place, chunks without their Profile event, unclosed events…), with
// the full list behind Details. The command line prints the same lines to stderr.
#include <QFrame>
#include <QStringList>

class QLabel;
class QPlainTextEdit;
class QToolButton;

class ReaderWarningsBanner : public QFrame
{
    Q_OBJECT
public:
    explicit ReaderWarningsBanner(const QStringList& warnings, QWidget* parent = nullptr);

    QStringList warnings() const { return m_warnings; }
    QLabel* summaryLabel() const { return m_summary; }
    QToolButton* detailsButton() const { return m_detailsButton; }
    QPlainTextEdit* details() const { return m_details; }

private:
    QStringList m_warnings;
    QLabel* m_summary = nullptr;
    QToolButton* m_detailsButton = nullptr;
    QPlainTextEdit* m_details = nullptr;
};
