#include "readersupport.h"

#include "model/json/jsonvalue.h"

#include <string>

namespace xsprof::readers {

int32_t oneBased(double value)
{
    return value >= 1 && value < 2147483647.0 ? int32_t(value) : 0;
}

void checkCancel(const TaskControl* control, double fraction)
{
    if (!control)
        return;
    if (control->isCancelled())
        throw JsonReadCancelled();
    control->report(fraction);
}

size_t chooseProfile(const std::vector<ProfileSummary>& list, const std::vector<size_t>& weight, int requested)
{
    if (list.empty())
        throw JsonMeaningError("the file holds no profile with samples", std::string());
    if (requested >= 0) {
        if (size_t(requested) >= list.size())
            throw JsonMeaningError("there is no profile " + std::to_string(requested) + ": the file holds "
                                       + std::to_string(list.size()),
                                   std::string());
        return size_t(requested);
    }
    size_t best = 0;
    for (size_t i = 1; i < list.size(); ++i) {
        if (weight[i] > weight[best])
            best = i;
    }
    return best;
}

} // namespace xsprof::readers
