#pragma once
// Compare Cohorts…: the base and new cohorts of a collection as two --where expressions, with
// completion of attribute names; an expression that does not parse is named before closing.
#include <QDialog>

class QLabel;
class QLineEdit;

class CohortsDialog : public QDialog
{
    Q_OBJECT
public:
    CohortsDialog(const QStringList& attributeNames, const QString& baseWhere, QWidget* parent = nullptr);

    QString baseWhere() const;
    QString newWhere() const;
    QLineEdit* baseField() const { return m_base; }
    QLineEdit* newField() const { return m_new; }
    QString problem() const; // what is wrong with the expressions, "" when both parse

    void accept() override;

private:
    QLineEdit* m_base;
    QLineEdit* m_new;
    QLabel* m_problem;
};
