#include "readersupport.h"

#include "conversionresult.h"

#include "model/filename.h"
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

LoadResult convertedProfile(LoadResult converted, const std::string& name, const LoadOptions& options)
{
    if (!converted.ok())
        return namedConversion(std::move(converted), name);
    LoadResult result;
    if (options.profileIndex < 0)
        result.available.push_back({fileNameOf(name), converted.profile->samples.size(), converted.profile->stacks.size()});
    result.profile = std::move(converted.profile);
    result.warnings = std::move(converted.warnings);
    return result;
}

LoadResult finishedRead(LoadResult result, const std::string& name, const TaskControl* control)
{
    if (control) {
        if (control->isCancelled())
            return loadCancelled(name);
        control->report(1.0);
    }
    return result;
}

} // namespace xsprof::readers
