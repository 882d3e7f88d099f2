#include "views/cohortsdialog.h"

#include "model/collection/tracefilter.h"

#include <QCompleter>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStringListModel>
#include <QVBoxLayout>

CohortsDialog::CohortsDialog(const QStringList& attributeNames, const QString& baseWhere, QWidget* parent)
    : QDialog(parent), m_base(new QLineEdit(baseWhere, this)), m_new(new QLineEdit(this)), m_problem(new QLabel(this))
{
    setWindowTitle(tr("Compare Cohorts"));
    auto* words = new QStringListModel(attributeNames + QStringList{QStringLiteral("and"), QStringLiteral("or"),
                                                                   QStringLiteral("not")},
                                       this);
    for (QLineEdit* field : {m_base, m_new}) {
        auto* completer = new QCompleter(words, field);
        completer->setCaseSensitivity(Qt::CaseInsensitive);
        field->setCompleter(completer);
        field->setMinimumWidth(360);
    }
    m_base->setPlaceholderText(tr("release = \"2.4\""));
    m_new->setPlaceholderText(tr("release = \"2.5\""));
    m_base->setAccessibleName(tr("Base cohort"));
    m_new->setAccessibleName(tr("New cohort"));
    m_problem->setStyleSheet(QStringLiteral("color: #c62828"));
    m_problem->setWordWrap(true);
    m_problem->hide();

    auto* explanation = new QLabel(
        tr("Each cohort is the traces whose attributes match an expression (= != < <= > >= ~, and, or, not); "
           "empty is every trace. Per function, its share of each trace's duration (Mann–Whitney U, the "
           "Hodges–Lehmann shift), its share of the cohort's summed duration and its own time per trace are "
           "compared, with 95 % intervals and q-values corrected for the number of functions; a function in "
           "fewer than 5 traces of a cohort is not judged."),
        this);
    explanation->setWordWrap(true);
    auto* form = new QFormLayout;
    form->addRow(tr("&Base:"), m_base);
    form->addRow(tr("&New:"), m_new);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Compare"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(explanation);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    (baseWhere.isEmpty() ? m_base : m_new)->setFocus();
}

QString CohortsDialog::baseWhere() const
{
    return m_base->text().trimmed();
}

QString CohortsDialog::newWhere() const
{
    return m_new->text().trimmed();
}

QString CohortsDialog::problem() const
{
    for (const auto& [field, side] : {std::pair{m_base, tr("Base")}, std::pair{m_new, tr("New")}}) {
        std::string problem;
        if (!xsprof::collection::parseTraceFilter(field->text().toStdString(), &problem))
            return tr("%1: %2").arg(side, QString::fromStdString(problem));
    }
    if (baseWhere() == newWhere())
        return tr("The two cohorts are the same expression.");
    return {};
}

void CohortsDialog::accept()
{
    const QString why = problem();
    m_problem->setText(why);
    m_problem->setVisible(!why.isEmpty());
    if (why.isEmpty())
        QDialog::accept();
}
