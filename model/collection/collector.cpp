#include "collector.h"

#include "traceinputs.h"

#include "model/parallel.h"
#include "model/profileanalysis.h"
#include "model/profileloader.h"

#include <sqlite3.h>

#include <array>
#include <fstream>
#include <memory>
#include <set>
#include <unordered_set>

namespace xsprof::collection {

namespace fs = std::filesystem;

namespace {

std::string fileFingerprint(const fs::path& path)
{
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    const auto modified = fs::last_write_time(path, ec).time_since_epoch().count();
    return std::to_string(size) + ":" + std::to_string(modified);
}

std::string lineFingerprint(std::string_view line)
{
    uint64_t hash = 14695981039346656037ull; // FNV-1a
    for (const char c : line) {
        hash ^= uint8_t(c);
        hash *= 1099511628211ull;
    }
    return std::to_string(line.size()) + ":" + std::to_string(hash);
}

// One input to read: a profile file, or one NDJSON line (its text).
struct PendingInput {
    std::string source;
    int64_t line = 0;
    std::string fingerprint, shown;
    fs::path file;       // a profile file, or empty
    std::string ndjson;  // the line, for an NDJSON trace
    bool replacing = false;
    // Filled by read():
    std::vector<Attribute> attributes;
    std::optional<TraceRecord> record;
    std::string problem;
    sourcemaps::SourceMapReport mapping; // with source maps
};

// Loads, maps (with a mapper), analyses and summarises one input: the part that runs on
// both cores, each with its own mapper (a mapper caches the maps it read).
void read(PendingInput& input, sourcemaps::SourceMapper* mapper)
{
    LoadResult loaded;
    if (!input.file.empty()) {
        loaded = loadProfileFile(input.file.string(), {});
    } else if (std::optional<NdjsonTrace> trace = readNdjsonLine(input.ndjson, &input.problem)) {
        input.attributes = std::move(trace->attributes);
        std::string().swap(input.ndjson);
        loaded = loadProfileData(trace->traceJson, input.shown, {});
    } else {
        return;
    }
    if (!loaded.ok()) {
        input.problem = loaded.error ? loaded.error->problem + (loaded.error->where.empty() ? "" : " (at " + loaded.error->where + ")")
                                     : "cancelled";
        return;
    }
    if (mapper) {
        if (std::optional<Profile> mapped = mapper->apply(*loaded.profile, input.mapping))
            loaded.profile = std::move(mapped);
    }
    const ProfileAnalysis analysis = ProfileAnalysis::compute(*loaded.profile);
    input.record = summarizeTrace(*loaded.profile, analysis, &input.problem);
}

class Collector {
public:
    Collector(CollectionStore& store, const CollectOptions& options) : m_store(store), m_options(options)
    {
        if (options.sourceMaps)
            for (auto& mapper : m_mappers)
                mapper = std::make_unique<sourcemaps::SourceMapper>(*options.sourceMaps);
    }

    void run(const std::vector<std::string>& inputs)
    {
        // The collection's own files, when it lies in a folder being collected.
        std::vector<fs::path> own;
        if (const char* name = sqlite3_db_filename(m_store.database().handle(), "main"); name && *name)
            for (const char* suffix : {"", "-wal", "-shm", "-journal"})
                own.emplace_back(std::string(name) + suffix);
        ExpandedInputs expanded = expandInputs(inputs, own);
        m_summary.problems = std::move(expanded.problems);
        for (const ProfileFileInput& file : expanded.files) {
            PendingInput input;
            input.source = fs::absolute(file.path).lexically_normal().string();
            input.fingerprint = fileFingerprint(file.path);
            input.shown = file.shownName;
            input.file = file.path;
            input.attributes = file.attributes;
            queue(std::move(input));
        }
        flush();
        for (const fs::path& ndjson : expanded.ndjsonFiles)
            addNdjsonFile(ndjson);
        transactionForMore(0);
        m_store.removeLinesSetAside(); // no file of this run holds them any more
        m_transaction->commit();
    }

    CollectSummary summary() { return std::move(m_summary); }

private:
    // Whether (source, line) must be read: not known yet, or known with another fingerprint
    // (then its traces go). `replacing` says which.
    bool needsReading(const std::string& source, int64_t line, const std::string& fingerprint, bool& replacing)
    {
        replacing = false;
        const std::optional<InputState> known = m_store.input(source, line);
        if (!known)
            return true;
        if (known->fingerprint == fingerprint)
            return false;
        if (line > 0)
            m_store.setAsideLines(source, line, line); // its text may be in another file (rotated)
        else
            m_store.removeInput(known->id);
        replacing = true;
        return true;
    }

    void transactionForMore(size_t inputs)
    {
        if (m_transaction && m_inBatch + inputs > m_options.batchSize) {
            m_transaction->commit();
            m_transaction.reset();
        }
        if (!m_transaction) {
            m_transaction = std::make_unique<Transaction>(m_store.database());
            m_inBatch = 0;
        }
        m_inBatch += inputs;
    }

    void queue(PendingInput input)
    {
        m_pending.push_back(std::move(input));
        if (m_pending.size() >= m_chunk)
            flush();
    }

    // Reads the queued inputs on two cores, then stores them in order, in the current batch.
    void flush()
    {
        if (m_pending.empty())
            return;
        transactionForMore(m_pending.size());
        std::vector<PendingInput*> toRead;
        for (PendingInput& input : m_pending) {
            if (!needsReading(input.source, input.line, input.fingerprint, input.replacing)) {
                ++m_summary.unchanged;
            } else if (input.line > 0 && !m_linesQueued.insert(input.fingerprint).second) {
                ++m_summary.sameLines; // the same beacon earlier in this run
            } else if (input.line > 0 && m_store.claimLine(input.fingerprint, input.source, input.line)) {
                ++m_summary.sameLines; // collected from another file (a rotated log), or moved in this one
            } else {
                toRead.push_back(&input);
            }
        }
        auto readEvery = [this, &toRead](size_t first) {
            for (size_t i = first; i < toRead.size(); i += 2)
                read(*toRead[i], m_mappers[first].get());
        };
        runInParallelIf(toRead.size() > 1, [&] { readEvery(0); }, [&] { readEvery(1); });
        for (PendingInput* input : toRead)
            store(*input);
        m_pending.clear();
    }

    void store(const PendingInput& input)
    {
        if (m_options.progress)
            m_options.progress(input.shown);
        m_summary.functionsMapped += input.mapping.functionsMapped;
        for (const std::string& problem : input.mapping.problems)
            if (m_mapProblemsSaid.insert(problem).second)
                m_summary.mapProblems.push_back(problem);
        if (!input.record) {
            m_store.addInput(input.source, input.line, input.fingerprint, input.problem);
            ++m_summary.failed;
            m_summary.problems.push_back(input.shown + ": " + input.problem);
            return;
        }
        const int64_t id = m_store.addInput(input.source, input.line, input.fingerprint);
        m_store.addTrace(id, input.shown, *input.record, input.attributes);
        ++m_summary.added;
        m_summary.replaced += input.replacing;
    }

    void addNdjsonFile(const fs::path& path)
    {
        const std::string source = fs::absolute(path).lexically_normal().string();
        const std::string fingerprint = fileFingerprint(path);
        transactionForMore(1);
        bool replacing = false;
        if (!needsReading(source, 0, fingerprint, replacing)) {
            ++m_summary.unchanged;
            return;
        }
        std::ifstream in(path, std::ios::binary);
        std::string line;
        int64_t lineNumber = 0;
        while (std::getline(in, line)) {
            ++lineNumber;
            if (line.find_first_not_of(" \t\r") == std::string::npos)
                continue;
            PendingInput input;
            input.source = source;
            input.line = lineNumber;
            input.fingerprint = lineFingerprint(line);
            input.shown = path.string() + ":" + std::to_string(lineNumber);
            input.ndjson = std::move(line);
            queue(std::move(input));
        }
        flush();
        // Lines of an earlier, longer version of the file are gone from it (perhaps to another).
        m_store.setAsideLines(source, lineNumber + 1, INT64_MAX);
        // The whole file last: a run killed before this resumes with its remaining lines.
        if (const std::optional<InputState> whole = m_store.input(source, 0))
            m_store.removeInput(whole->id);
        m_store.addInput(source, 0, fingerprint);
    }

    CollectionStore& m_store;
    const CollectOptions& m_options;
    CollectSummary m_summary;
    std::unique_ptr<Transaction> m_transaction;
    size_t m_inBatch = 0;
    const size_t m_chunk = 64; // inputs read together on both cores
    std::vector<PendingInput> m_pending;
    std::array<std::unique_ptr<sourcemaps::SourceMapper>, 2> m_mappers; // one a reading thread
    std::set<std::string> m_mapProblemsSaid;
    std::unordered_set<std::string> m_linesQueued; // fingerprints of the NDJSON lines read in this run
};

} // namespace

CollectSummary collect(CollectionStore& store, const std::vector<std::string>& inputs, const CollectOptions& options)
{
    Collector collector(store, options);
    collector.run(inputs);
    return collector.summary();
}

} // namespace xsprof::collection
