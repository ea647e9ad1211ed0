"""The cluster-independent scheduling vocabulary: predicates, cues, concepts, GPU and arch names.

Same entry format as `lexicon`: (roles, `|`-separated phrases).
"""

from __future__ import annotations

DOMAIN_WORDS: tuple[tuple[str, str], ...] = (
    (
        "verb",
        "put|place|placed|run|runs|schedule|scheduled|deploy|land|lands|landing|go|goes|keep|"
        "keeps|stay|stays|sit|sits|live|host|pin|target|use|using|pick|choose|select|spread|pack|"
        "consolidate|colocate|co-locate|share|fill|move|get|give|make|steer|send|route|assign|bind|aim|leave|"
        "stick|shove|chuck|plonk|toss|be|prioritise|prioritize|favour|favor|want|prefer|need|require|find|try|grab|allocate|"
        "start|launch|locate|position|have|stay on|keep it|put it|run it|schedule it|land it|place it|"
        "go with|opt|why not|how about|what about|reschedule|redeploy|migrate|relocate|rerun|restart|spin up|"
        "bring up|cram|cram it|squeeze|squeeze it|squish|jam|wedge|book|reserve|runs best on|run best on|"
        "works best on|work best on|performs best on|runs better on|works better on|does best on|"
        "runs best in|works best in|runs fastest on|is happiest on",
    ),
    (
        "verb",
        "co-locate with|colocate with|co-located with|colocated with|co-locating with|"
        "colocating with|co-locate|colocate|colocating|co-locating|share a node with|share nodes with|"
        "colo with|"
        "sharing a node with|shares a node with|share a host with|share with",
    ),
    (
        "cue:colo",
        "near|nearby|next to|close to|closer to|close by|beside|alongside|along side|"
        "together with|co-locate with|colocate with|co-located with|colocated with|co-locating with|"
        "colocating with|co-locate|colocate|colocated|co-located|co-locating|colocating|colocation|colo with|"
        "co-location|same node as|same box as|same host as|same machine as|same server as|same nodes as|"
        "same hosts as|on the same node as|on the same host as|on the same box as|on the same machine as|"
        "same worker as|on the same worker as|same vm as|same instance as|same unit as|on the same unit as|"
        "same device as|on the same device as|same hardware as|same physical host as|"
        "on the same server as|share a node with|share nodes with|sharing a node with|"
        "shares a node with|share a host with|share with|shared with|adjacent to|adjacent|neighbour|"
        "neighbor|neighbours|neighbors|affinity with|affinity to|pod affinity|on top of|in proximity to|"
        "in the vicinity of|proximity|proximity to|close proximity|in proximity|affinity|same node|"
        "same box|same host|same machine|same server|where is|where are|node where|nodes where|"
        "host where|co-schedule|coschedule|co-scheduled|schedule together|schedule them together|"
        "right next to|close|nodes running|node running|running|where there are|with the|close-by|"
        "localhost with|same place as|wherever|share a node|share nodes|share a host|share hosts|"
        "rack-mates with|rackmates with|rack mates with|roommates with|room-mates with|glued to|"
        "next door to|next door|next-door to|same computer as|same device as|the same computer as|"
        "same computer|same device|same nodes|the same nodes|same hosts|the same hosts|"
        "co-tenancy with|cotenancy with|co tenancy with|"
        "share the node|share the same node|share a box|share a machine|shared a node|shared a host|"
        "shared a box|shared a machine",
    ),
    (
        "cue:samezone",
        "same zone as|same az as|same availability zone as|same region as|same site as|same site|"
        "same location as|same dc|same datacenter|same data center|same pop as|same machine room as|"
        "same machine hall as|same data hall as|same hall as|"
        "same machine room|same server room as|same server room|same computer room as|"
        "same datacenter as|same data center as|same dc as|same zone with|zone where|az where|same zone|"
        "same az|same availability zone|same region|same zones as|same azs as|zone of|az of|"
        "in the zone of|same failure domain as|same rack as|same zone that|availabilty zone as|in zone with|"
        "in-zone with",
    ),
    (
        "cue:locality",
        "cache|cached|caches|caching|local|locally|locality|data locality|data local|"
        "dataset|data set|data|shards|shard|resident|stored|copy|copies of|warm|preloaded|pre-loaded|"
        "already has|already have|lives|staged|mounted|where the",
    ),
    (
        "concept:spot",
        "spot|spot instance|spot instances|spot node|spot nodes|spot capacity|spot vms|"
        "spot vm|preemptible|preemptable|pre-emptible|preemptible capacity|interruptible|spot market|"
        "preemption|preempted|evictable|spot pool|spot fleet|spot-backed|low-priority vms|transient",
    ),
    (
        "concept:ondemand",
        "on-demand|on demand|ondemand|non-spot|non spot|non-preemptible|"
        "non preemptible|regular instances|standard instances|reserved instances|dedicated instances",
    ),
    (
        "concept:cheap",
        "cheap|cheaper|cheapest|low cost|low-cost|lower cost|lowest cost|cost|costs|"
        "inexpensive|economical|budget|cost-effective|cost effective|cost optimisation|cost optimization|"
        "cost-optimised|cost-optimized|save money|saving money|savings|save costs|keep costs down|"
        "keep the bill down|keep the bill low|cut the bill|reduce the bill|lower the bill|smaller bill|"
        "keep costs low|keep cost down|keep cost low|costs down|costs low|frugal|affordable|"
        "least expensive|less expensive|cheapo|spend|cost-efficient|cost efficient|thrifty|"
        "economic|bargain|low-price|low price|lowest price|cheaply",
    ),
    ("concept:expensive", "expensive|pricey|pricy|costly|high cost|high-cost|premium-priced"),
    (
        "concept:reliable",
        "reliable|reliability|stable|stability|healthy|robust|solid|dependable|"
        "rarely breaks|rarely crashes|rarely fails|rarely goes down|never breaks|never crashes|"
        "doesn't keep falling over|does not keep falling over|clean incident record|"
        "trustworthy|clean failure history|good track record|failure-free|fault-free|proven|"
        "battle-tested|uptime|well-behaved|rock solid|least failures|fewest failures|fewer failures|"
        "no failures|few failures|low failure rate|lowest failure rate|good history|clean history|"
        "clean record|clean track record|track record|clean failure record|failure record|good health|"
        "rock-solid|resilient hardware|haven't failed|hasn't failed|have not failed|has not failed|"
        "haven't crashed|hasn't crashed|don't fall over|doesn't fall over|do not fall over|"
        "haven't been flaking|hasn't been flaking|haven't been flaky|hasn't been flaky|"
        "don't crash|doesn't crash|never fail|never fails|never crash|never crashes|"
        "reliable hardware|sturdy|steady|stay up|stays up|staying up|rarely crash|rarely fail|rarely break|"
        "rarely go down|seldom crash|seldom crashes|seldom fail|seldom fails|seldom break|seldom breaks|"
        "never go down|never goes down|hardly ever crash|hardly ever crashes|hardly ever fail|"
        "hardly ever fails|least flaky|less flaky|least unreliable|least unstable|least faulty|least crashy|"
        "least crash-prone",
    ),
    (
        "concept:unreliable",
        "unreliable|unstable|flaky|flakey|faulty|failing|failures|failure|faults|"
        "fault|hardware faults|hardware issues|hardware problems|crashes|crashing|crashy|rebooting|"
        "reboots|keep rebooting|broken|degraded|bad hardware|problematic|error-prone|errors|"
        "hardware errors|ecc errors|xid errors|dodgy|shaky|wonky|glitchy|misbehaving|sketchy",
    ),
    (
        "concept:idle",
        "quiet|quieter|quietest|idle|idlest|lightly loaded|least loaded|less loaded|"
        "under-utilised|underutilised|underutilized|under-utilized|least busy|less busy|low load|"
        "low utilisation|low utilization|lowest utilisation|lowest utilization|least utilised|"
        "least utilized|most free|most headroom|most spare|most available|plenty of headroom|"
        "plenty of free|lots of free|more free|most room|emptiest|emptier|least used|low usage|lowest usage|"
        "least contended|uncontended|calm|breathing room|headroom|lowest load|least load|"
        "most unallocated|most unrequested|most idle|lots of headroom|spare capacity|free capacity|"
        "least crowded|not crowded|least pressure|low pressure|lightly-loaded|least-loaded|unloaded|"
        "plenty of idle|lots of idle|plenty of spare|lots of spare|plenty of unused|lots of unused|"
        "loads of idle|loads of spare|loads of free|loads of headroom|heaps of idle|heaps of spare|"
        "elbow room|some elbow room|room to breathe|lightest loaded|lightest-loaded|most lightly loaded|"
        "less crowded|somewhere quieter|somewhere less busy|uncrowded|isn't doing much|is not doing much|"
        "not doing much|isn't doing anything|not doing anything|doing nothing|doing very little|freer|freest|"
        "less used|less utilised|less utilized",
    ),
    (
        "concept:busy",
        "busy|busier|busiest|heavily loaded|heavy load|hot|hot nodes|saturated|"
        "overloaded|contended|crowded|already-busy|already busy|high utilisation|high utilization|"
        "well utilised|well utilized|most utilised|most utilized|highly utilised|highly utilized|"
        "most loaded|heavily used|full nodes|fullest|loaded|maxed out|maxed|pegged|hammered|slammed|"
        "swamped|flat out",
    ),
    (
        "concept:binpack",
        "bin-pack|bin pack|binpack|bin-packing|bin packing|binpacking|bin-packed|bin-packs|bin packs|"
        "binpacks|"
        "bin packed|pack|packed|packing|pack tight|pack tightly|pack it tight|consolidate|consolidation|"
        "consolidated|fill up|fill existing nodes|fill the existing nodes|densely|dense|dense packing|"
        "tight packing|fewest nodes|fewer nodes|as few nodes|scale down|scaled down|compact|compactly|"
        "partially filled|partially-filled|partly filled|half-full|half full|use up|top up|"
        "nodes already in use|defragment|squeeze|stack|stacked|tetris|most-allocated|most allocated|"
        "pack onto|pack into|as few nodes as possible|as few as possible|fewest nodes possible|"
        "fewest possible|as few machines as possible|as few hosts as possible|the fewest nodes possible|"
        "as few boxes as possible|before starting new ones|before starting new nodes|"
        "before spinning up new|before adding nodes|before adding new nodes|before opening new|"
        "before using new|before scaling out|fill nodes up|fill the nodes up|fill them up|fill it up|"
        "fill hosts up|fill machines up|fill boxes up|fill each node|fill one node",
    ),
    (
        "concept:spread",
        "spread|spread out|spreading|spread-out|distribute|distributed|distributing|"
        "anti-affinity|antiaffinity|anti affinity|anti-affinity to itself|anti affinity to itself|"
        "anti-affinity with itself|anti affinity with itself|antiaffinity to itself|scatter|scattered|"
        "fan out|fanned out|evenly|"
        "high availability|highly available|redundancy|redundant|split up",
    ),
    (
        "concept:apart neg cue:colo",
        "separate|separated|apart|isolate|isolated|different node|"
        "separate node|another node|different host|different machine|different box|separate host|"
        "separate machine|not the same node|a node of its own|its own node",
    ),
    (
        "concept:spread_nodes",
        "different nodes|separate nodes|distinct nodes|across nodes|over nodes|"
        "across hosts|across machines|across boxes|across the nodes|over the nodes|one per node|"
        "one replica per node|one pod per node|one instance per node|one copy per node|"
        "a replica per node|replica per node|pod per node|replicas per node|pods per node|"
        "one per machine|per node each|each node|one per host|one replica per host|one pod per host|"
        "one per box|one per server|different hosts|separate hosts|different machines|multiple nodes|"
        "many nodes|host spread|node spread|node-level spread|onto different nodes|each on its own node|"
        "own node|different workers|separate workers|different servers|separate servers|different vms|"
        "separate vms|different instances|separate instances|different boxes|separate boxes|"
        "one per worker|one per vm|one per instance|own machine|own host|own box|own server|per runner|"
        "one per runner|replica per blade|pod per blade|one per blade|different blades|separate blades|"
        "across blades|"
        "its own machine|their own machine|their own node|own nodes|own machines|own hosts|diff nodes|"
        "diff hosts|diff machines|diff boxes|diff servers|no doubling up|no doubling-up|don't double up|"
        "never double up|no double-ups|no two on a node|no two on one node|across hostnames|"
        "over hostnames|per hostname|one per hostname|hostname spread|spread on hostname|spread by hostname|"
        "one each|one apiece|one on each",
    ),
    (
        "concept:spread_zones",
        "across zones|across azs|across availability zones|over zones|"
        "over availability zones|over azs|multi-az|multi az|multiaz|multi-zone|multi zone|multizone|"
        "zone redundant|zone-redundant|zonal redundancy|zonally redundant|per zone|per az|"
        "per availability zone|each zone|each az|every zone|every az|zone outage|zone failure|az outage|"
        "az failure|az down|zone down|zone going down|az going down|availability zone failure|"
        "different zones|different azs|separate zones|distinct zones|cross-zone|cross zone|cross-az|"
        "across the zones|all zones|all azs|multiple zones|multiple azs|several zones|zone spread|"
        "across sites|different sites|per site|each site|multi-site|multi site|across datacenters|"
        "across dcs|losing an az|losing a whole az|losing a whole zone|lose an az|lose a whole az|"
        "an az outage|a zone outage|az goes down|zone goes down|survive an az|survive a zone|"
        "zonal spread|zone-level spread|losing a zone|lose a zone|zone loss|az loss|different regions|"
        "across regions|multi-region|zone-aware|zone aware|topology spread|across azs evenly|span zones|"
        "span azs|span multiple zones|spans zones|spanning zones|diff zones|diff azs|across pops|"
        "survive a zone outage|survive an az outage|survive a zone failure|survive an az failure|"
        "survive zone outages|survive az outages|survive losing a zone|survive losing an az|"
        "different pops|pop outage|a pop outage|single pop outage|per pop|each pop|multiple pops",
    ),
    (
        "concept:together",
        "together|on the same node as|on the same host as|same node as|"
        "same host as|same box as|same machine as|same server as|same node|same host|same box|"
        "same machine|one node|single node|one box|one host|one machine|single host|single box|"
        "single machine|share a node|shared a node|sharing a node|share nodes|share one node|same server|"
        "one server|co-resident|packed together|on top of each other|next to each other|close together|"
        "all in one place|in one place|share a node with|sharing a node with|share nodes with|"
        "share a host with|one unit|single unit|same unit|one device|single device|same device",
    ),
    (
        "replicas",
        "replicas|replica|copies|instances|pods|workers|members|siblings|peers|"
        "all the pods|all pods|the pods|our pods|my pods|each other|one another|two of them|both of them|"
        "everything|all of them|them all|the whole thing|all replicas|every replica|tasks|ranks|"
        "array tasks|user pods|processes|mpi ranks|another copy of itself|a copy of itself|copies of itself|"
        "another copy|other copies|two copies|another instance of itself|another instance",
    ),
    ("res:cpu", "cpu|cpus|vcpu|vcpus|processor|processors|compute|cores|core|cpu-loaded|cpu load"),
    ("res:memory", "memory|mem|ram|memory-loaded|memory load|memory pressure"),
    (
        "res:gpu",
        "gpu|gpus|gpu model|gpu models|gpu type|gpu types|accelerator|accelerators|gpu load|gpu-loaded|"
        "graphics card|graphics cards|video card|video cards|"
        "gpu utilisation|gpu utilization",
    ),
    ("low", "low|lowest|least|light|lightly|less|lesser|minimal|little|lower|smallest|fewest"),
    ("high", "high|heavy|heavily|most|highest|lots|much|more|higher|biggest"),
    (
        "load",
        "load|loaded|utilisation|utilization|util|utils|usage|used|utilised|utilized|busy|"
        "pressure|contention|allocated|requested|cpu load|memory load|gpu load|gpu utilisation|"
        "gpu utilization|cpu-loaded|memory-loaded|gpu-loaded|memory pressure|in use",
    ),
    (
        "zoneword",
        "zone|zones|az|azs|availability zone|availability zones|region|regions|zonal|"
        "availabilty zone|datacenter|datacenters|site|sites|dc|dcs|datacentre|datacentres|metro|metros|"
        "data centre|data centres|data center|data centers|building|buildings|campus|campuses|rooms|halls|"
        "hall|data hall|data halls|wing|wings|floor|floors|room|server room|server rooms|terminal|terminals|"
        "machine room|machine rooms|computer room|computer rooms|"
        "cage|cages|pop|pops|point of presence|points of presence|edge site|edge sites|colos|"
        "colo site|colo sites|colo facility|colo facilities|district|districts|station|stations|"
        "substation|substations|rgn|rgns",
    ),
    (
        "head",
        "pods|pod|service|services|svc|deployment|deployments|app|apps|application|brokers|"
        "broker|primary|primaries|cluster|instances|workers|worker|jobs|job|containers|container|db|"
        "database|servers|server|boxes|nodes|replicas|stack|workload|workloads|statefulset|daemon|leader|"
        "consumers|producers|frontends|backends|shards|thing|things|stuff|tool|program|runner|runners|"
        "unit|units",
    ),
    (
        "lhead",
        "pool|node pool|nodepool|tier|class|type|label|labelled|labeled|group|family|flavour|storage|"
        "network|networking|nic|nics|ethernet|link|interconnect|uplink|environment|env|flavor|kind|"
        "profile|pool nodes|tier nodes",
    ),
    (
        "qadj",
        "free|idle|spare|unrequested|unallocated|available|extra|additional|open|unused|"
        "headroom|left|remaining|allocatable|of free|of spare|of headroom|of unallocated|of unrequested|"
        "of idle|unreserved|of unreserved|margin",
    ),
    ("arch:amd64", "x86|x86-64|x64|amd64|intel|xeon|epyc|x86 64|x86-64 nodes|intel/amd|i386|i686"),
    (
        "arch:arm64",
        "arm|arm64|aarch64|graviton|graviton2|graviton3|graviton4|ampere|altra|arm-based|"
        "armv8|arm v8|apple silicon|cobalt|axion|neoverse",
    ),
)

# Canonical GPU families (intents.md) with the aliases people write; a plural "s" is also accepted.
GPU_FAMILIES: dict[str, tuple[str, ...]] = {
    "a100": ("a100",),
    "a10g": ("a10g", "a10"),
    "b200": ("b200",),
    "h100": ("h100",),
    "h200": ("h200",),
    "l4": ("l4",),
    "l40s": ("l40s",),
    "mi250x": ("mi250x", "mi250"),
    "mi300x": ("mi300x", "mi300"),
    "t4": ("t4",),
    "v100": ("v100",),
}

# Other GPUs people name, outside the canonical families: kept as written ("the old K80 cards").
OTHER_GPUS = frozenset(
    {"k80", "k40", "p100", "p40", "m60", "m40", "a40", "a30", "a6000", "rtx6000", "rtx4090", "rtx3090"}
    | {"l40", "mi210", "mi100", "gh200", "gb200", "h800", "a800"}
)

# Tokens that may follow a GPU name and belong to it ("A100-SXM4-80GB", "H100 NVL", "A100 80 GB").
GPU_SUFFIXES = frozenset(
    {
        "sxm",
        "sxm2",
        "sxm3",
        "sxm4",
        "sxm5",
        "pcie",
        "nvl",
        "nvlink",
        "hbm",
        "hbm2",
        "hbm2e",
        "hbm3",
        "hbm3e",
        "gpu",
        "gpus",
        "card",
        "cards",
        "tensor",
        "core",
        "80g",
        "80gb",
        "40g",
        "40gb",
        "16g",
        "16gb",
        "32g",
        "32gb",
        "24g",
        "24gb",
        "48g",
        "48gb",
        "94g",
        "94gb",
        "141g",
        "141gb",
        "192g",
        "192gb",
        "12g",
        "12gb",
    }
)

NUMBER_WORDS: dict[str, float] = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "sixteen": 16,
    "twenty": 20,
    "twenty-four": 24,
    "thirty-two": 32,
    "forty-eight": 48,
    "sixty-four": 64,
    "single": 1,
    "couple": 2,
    "pair": 2,
    "dozen": 12,
    "half": 0.5,
}
