#include "views/totalshelp.h"

#include <QDialogButtonBox>
#include <QPointer>
#include <QTextBrowser>
#include <QVBoxLayout>

TotalsHelp::TotalsHelp(QWidget* parent) : QDialog(parent), m_text(new QTextBrowser(this))
{
    setWindowTitle(tr("What the Totals Mean"));
    m_text->setHtml(html());
    m_text->setOpenExternalLinks(false);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_text, 1);
    layout->addWidget(buttons);
    resize(640, 560);
}

TotalsHelp* TotalsHelp::showFor(QWidget* parent)
{
    static QPointer<TotalsHelp> open;
    if (!open) {
        open = new TotalsHelp(parent);
        open->setAttribute(Qt::WA_DeleteOnClose);
    }
    open->show();
    open->raise();
    open->activateWindow();
    return open;
}

QString TotalsHelp::html()
{
    return tr("<h3>What the totals mean</h3>"
              "<p>A profile is a list of samples; each sample is a slice of time during which the engine noted "
              "the functions on the call stack. The run's duration is the sum of the slices. For each function:</p>"
              "<p><b>Self</b> &mdash; the time of the samples in which the function itself was running (at the top "
              "of the stack).</p>"
              "<p><b>Total (xsbug, divided)</b> &mdash; the headline number, as xsbug computes it: the function's self "
              "time plus what its callees pass up to it. Each function passes its total up to its callers "
              "<i>divided equally among them</i>, whoever called it most. Recursive calls are ignored and cycles "
              "are broken the same way every time. So the totals add up: the root's total is the run, and no total "
              "exceeds it. Because a callee's time is shared equally rather than by where it went, a function's "
              "total can be larger <i>or</i> smaller than its inclusive time.</p>"
              "<p><b>Inclusive (Chrome DevTools)</b> &mdash; the time of every sample with the function anywhere on "
              "the stack, a recursive function counted once per sample. This is Chrome DevTools' &ldquo;total&rdquo;. "
              "It needs per-path stacks: <code>xst -p</code> files have none.</p>"
              "<p><b>Total (VS Code, summed paths)</b> &mdash; what VS Code's profile viewer calls the total: the sum "
              "of the totals of every call path ending in the function, recursion counted at each level. A "
              "recursive function is counted once per level it appears on, so this number can exceed the run "
              "(in <code>node_deep_recursion</code>, <code>dive</code> is 0.68 s of a 0.71 s run in the first two, "
              "139 s in VS Code's).</p>"
              "<p><b>Functions view versus Call Tree</b> &mdash; the Functions view is xsbug's: a function's row "
              "shows its numbers over the <i>whole profile</i>, wherever it appears, also as a callee under a "
              "caller. It is not the time the function spent under that caller, which is how Chrome DevTools' "
              "tree reads. For the time of one call path (this function, called from there), use the Call Tree "
              "(Alt+2) or the Bottom-Up Tree (Alt+3).</p>"
              "<p>The same <code>.cpuprofile</code> thus shows three different totals in three tools, and none is "
              "wrong. Right-click a column header (or View &rsaquo; Total Columns) to show them side by side; "
              "<code>xsprof report --totals all</code> prints them too.</p>"
              "<p><b>Bytes and counts</b> &mdash; a heap profile (<code>node --heap-prof</code>) weighs each "
              "call path in bytes, a pprof file may weigh it in bytes or a count (allocations, samples). The "
              "same three totals add up bytes or counts instead of time: a function's self bytes are those of the "
              "samples with it at the top of the stack, its inclusive bytes those with it anywhere on the stack. "
              "The cells show "
              "the unit (B, KB, MB; a count has none), and the tree headers' <i>Self (bytes)</i> names it.</p>"
              "<p><b>Comparisons</b> show self, total and inclusive for the base, the new profile and their "
              "change &Delta; = new &minus; base; a function missing on one side reads &ldquo;&mdash;&rdquo; there "
              "and counts as 0 in &Delta;. The differential flame graph colours each box by the change of the "
              "measure chosen above it (by default the call path's own time), orange slower and blue faster, as the "
              "table's &Delta; text and bars (colours told apart with red-green colour blindness too): it can "
              "disagree with the table's &Delta; total, which is a divided, function-level number.</p>");
}
