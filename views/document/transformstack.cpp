#include "views/document/transformstack.h"

#include <stdexcept>

TransformStack::Step TransformStack::stepOf(xsprof::Transform transform)
{
    Step step;
    step.label = QString::fromStdString(transform.label());
    step.apply = [transform](const xsprof::Profile& profile) {
        std::string error;
        std::optional<xsprof::Profile> out = xsprof::applyTransform(profile, transform, &error);
        if (!out)
            throw std::runtime_error(error);
        return std::move(*out);
    };
    step.transform = std::move(transform);
    return step;
}

std::vector<xsprof::Transform> TransformStack::transforms() const
{
    std::vector<xsprof::Transform> out;
    for (const Step& step : m_steps) {
        if (step.transform)
            out.push_back(*step.transform);
    }
    return out;
}
