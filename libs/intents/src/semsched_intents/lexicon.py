"""The cluster-independent vocabulary: strength modifiers, polarity, permission and clause words.

Each entry is (roles, phrases): roles are space-separated `role[:value]` tags that every phrase
carries; phrases are `|`-separated and tokenised like hints, so "bin-pack" also matches
"bin pack". The scanner takes the longest phrase at each position, which is what resolves
"at all costs" (a modifier) against "costs", or "no big deal" against "no".
"""

from __future__ import annotations

STRENGTH_WORDS: tuple[tuple[str, str], ...] = (
    (
        "mod:critical",
        "must|must be|must have|must run|always|absolutely|absolute|req'd|reqd|requ'd|"
        "under any circumstances|required|require|requires|requirement|hard requirement|a requirement|"
        "mandatory|critical|critically|crucially|at all costs|at all cost|at any cost|must-have|must have|"
        "need|needs|needed|need to|needs to|necessary|is necessary|it is necessary|hard req|hard reqs|"
        "are needing|am needing|is needing|we're needing|i'm needing|"
        "donotschedule|requiredduringschedulingignoredduringexecution|requiredduringscheduling|"
        "has to|have to|had better|got to|gotta|it's got to|it has got to|has got to|have got to|"
        "'ve got to|'s got to|non-negotiable|nonnegotiable|essential|crucial|vital|"
        "imperative|no exceptions|no substitutes|no matter what|without exception|is a must|a must|shall|"
        "strictly|obligatory|compulsory|insist|i insist|whatever it takes|make it mandatory|"
        "cannot compromise|it is critical|it's critical|non-optional|hard constraint|hard rule|only ever|"
        "requisite|a hard must|demand|demands|only|exclusively|nothing but|nothing else|"
        "nothing other than|only accept|only accepts|accept only|accepts only|will only accept|"
        "whatever you do|whatever happens",
    ),
    (
        "mod:critical neg",
        "never|under no circumstances|in no case|mustn't|must not|cannot|can't|"
        "can not|shall not|never ever|not ever|at no point|not under any circumstances|forbid|forbidden|"
        "prohibited|is not allowed|are not allowed|not allowed|banned|is banned|are banned|off-limits|"
        "never allowed|is never allowed|are never allowed|"
        "off limits|is not permitted|are not permitted|not permitted|is prohibited|are prohibited|"
        "is forbidden|are forbidden|is not to be|are not to be|is a no-go|are a no-go|is a no go|are a no go",
    ),
    (
        "mod:strong",
        "strongly|really|definitely|definately|definitly|important|importantly|"
        "very important|as much as possible|as far as possible|high priority|high-priority|high prio|"
        "top priority|priority|please make sure|make sure|ensure|please ensure|i'd much rather|"
        "much rather|much prefer|matters a lot|matter a lot|matters|really matters|seriously|highly|"
        "greatly|very much|by all means|strong preference|strongly preferred|for sure|do your best|"
        "try hard|try your best|big deal|significant|significantly|particularly|especially|"
        "very much so|emphatically|do everything you can|i really want|really want|really like|"
        "really need|urgent|urgently|make certain|certainly|surely|by any means|keen|really keen|strong|"
        "top prio|a priority|as possible|pretty important|quite important|rather important|very keen|"
        "a big deal|care a lot|we care a lot|it's key|it is key|it's key that|it is key that|key requirement|"
        "as much as poss|as far as poss|def|defo|deffo|defs|please please|pretty please",
    ),
    (
        "mod:weak",
        "if possible|ideally|ideal|would be ideal|nice to have|nice-to-have|nice|slightly|"
        "i'd quite like|i would quite like|quite like|if you can manage it|if you can manage|"
        "if it's no bother|if it's not a bother|if it's no trouble|if it's not too much trouble|"
        "would be nicer|would be even nicer|even nicer|"
        "slight|would be nice|optionally|optional|if you can|bonus|bonus points|a bonus|no big deal|"
        "lovely|it'd be lovely|if you can help it|if that's easy|if it's easy|if easy|would be cool|cool|"
        "a plus|if convenient|when possible|where possible|wherever possible|whenever possible|"
        "if feasible|where feasible|if available|when available|not a big deal|not critical|not crucial|"
        "not essential|not required|not mandatory|doesn't have to|don't have to|does not have to|"
        "do not have to|no biggie|would help|would be great|great if|would be good|"
        "good to have|best effort|best-effort|if there's room|if there is room|if there's capacity|"
        "low priority|low prio|minor|a little|somewhat|a bit|marginally|mildly|kinda|kind of|sort of|"
        "if at all possible|time permitting|would appreciate|appreciated|fine if not|no worries if not|"
        "if not no worries|if it works out|if it fits|opportunistically|soft preference|weak preference|"
        "slight preference|it'd be nice|would be lovely|nice bonus|at best|not a must|"
        "not a hard requirement|not strictly necessary|helpful|would be helpful|handy|if we can|where we can|"
        "where you can|wherever we can|wherever you can|wouldn't hurt to|would not hurt to|wouldnt hurt to|"
        "wouldn't hurt if|couldn't hurt to|won't hurt to|doesn't hurt to|can't hurt to|"
        "if it can|if we could|if you could|maybe|perhaps|possibly|where practical|if practical|"
        "tiny preference|small preference|mild preference|minor preference|if it's free|if it is free|"
        "if free|if it's there|if it is there|if it's available|if it is available|if they're free|"
        "if they're available|if there's one free|if there is one free|"
        "when you can|if you're able|if able|if there's space|when feasible|a nice touch|"
        "not the end of the world|not a dealbreaker|not a deal breaker|if that works|if it's no trouble|"
        "if that's possible|if it is possible|if it's possible|preferably but not required|plus points|"
        "extra points|not a priority|if it's cheap to do|if not that's fine|would be a plus|nice if|"
        "if one is free|if one is available|if there's one free|if there is one|if any|if any are free|"
        "if there are any|if there's one|if one exists|if it exists|if they exist|if present|"
        "would be neat|neat|i'd love|we'd love|it would be nice|it'd be good|it would be good|easy win|"
        "if they're available|if they are available|if it's available|if it is available|if they're free|"
        "if they are free|if free|if there's availability|it'd be great|it would be great|would be perfect|"
        "it'd be perfect|would be awesome|would be sweet|would be excellent|would be fantastic|"
        "would love|i would love|we would love|would be a win|would be grand|"
        "possible|if its possible|if its available|if its free|if that's feasible|"
        "if that is feasible|if it's feasible|if it is feasible|whenever possible|where ever possible|"
        "when ever possible|if possible at all|soft requirement|a soft requirement|soft constraint|"
        "loose preference|a loose preference|mild preference|a mild preference|"
        "if it has room|if they have room|"
        "if you've got one|if you've got one free|if there's any around|if there are any around|"
        "if there's any|if there's any free|unless nothing else is free|unless nothing else is available|"
        "if there is capacity|if it has capacity|if room|if we have any|if we have one|if we have some|"
        "if there are some|if you have any|if you have one|if you have it|if you've got it|if you have them|"
        "if you've got them|unless that's a pain|unless it's a pain|unless that's a hassle|"
        "unless it's a hassle|if any exist|if we've got any|if you've got any|"
        "any chance|is there any chance|is there a chance|any possibility|"
        "what if we|what if i|would it hurt to|would it hurt if|"
        "if poss|when poss|where poss|if u can|if u could|when u can|where u can|nbd|nice2have|n2h|"
        "would it be too much to ask|too much to ask|if it's not too much trouble|if not too much trouble|"
        "i hope|we hope|hopefully|if can|if it can be",
    ),
    (
        "mod:medium",
        "is there a way|is there any way|"
        "prefer|prefers|preferred|prefered|preferring|preferably|preferable|preference|"
        "should|try to|try|better|rather|would rather|i'd rather|we'd rather|please|pls|plz|want|wants|"
        "would like|we'd like|i'd like|i like|we like|like last time|like before|as before|as last time|"
        "scheduleanyway|preferredduringschedulingignoredduringexecution|preferredduringscheduling|"
        "same as last time|go for|opt for|favour|favor|lean towards|lean toward|"
        "any reason not to|is there any reason not to|any reason we shouldn't|any objection to|"
        "any objections to|any objection if|any objections if|anything against",
    ),
)

POLARITY_WORDS: tuple[tuple[str, str], ...] = (
    (
        "neg",
        "nothing of ours|nothing of mine|none of ours|none of our|"
        "not|no|don't|dont|do not|doesn't|doesnt|does not|isn't|isnt|aren't|arent|shouldn't|"
        "didn't|didnt|did not|wouldn't|would not|wasn't|weren't|mustn't|never be|no more|nothing on|"
        "should not|won't|wont|without|"
        "nothing in|nothing at|none in|none on|except|excluding|exclude|other than|anywhere but|anything but|"
        "anywhere except|everywhere except|everything except|anything except|off|out of|stay clear|"
        "everything but|everywhere but|all but|everything other than|nowhere in|nowhere on|"
        "nicht|aber nicht|nie|niemals|nirgends|jamais|nunca|"
        "clear of|none of|haven't|hasn't|havent|hasnt|have not|has not|less than|fewer than|neither|"
        "apart from|except for|minus|outside of|outside|outta|out from|senza|ohne|sans|sem",
    ),
    (
        "neg verb",
        "avoid|avoids|avoiding|skip|skipping|steer clear|steer clear of|shun|dodge|eschew|"
        "stay off|keep off|stay out|keep out|stay away|keep away|get off|move off|stay out of|"
        "keep out of|refuse|reject|rule out|leave out|ban|blacklist|exclude from|stop putting|"
        "keep it out|keep them out|keep this out|"
        "stop scheduling|stop placing|stop sending|quit putting|stop landing|stay of|keep of|stay of of",
    ),
    (
        "neg cue:colo",
        "nowhere near|nowhere close to|not anywhere near|not close to|far away|away|"
        "far from|far away from|isolated from|separate from|apart from the|anti-affinity with|"
        "antiaffinity with|anti affinity with|not next to|not near|anti-affinity to|anti affinity to|"
        "keep distance from|keep a distance from|keep distance to|"
        "antiaffinity to|anti-affinity vs|anti affinity vs|anti-affinity against|anti affinity against|"
        "pod anti-affinity to|pod anti affinity to|pod anti-affinity with|pod anti affinity with|"
        "podantiaffinity|podantiaffinity to|podantiaffinity with|podantiaffinity vs|podantiaffinity against",
    ),
    (
        "negpost mod:strong",
        "strongly discouraged|highly discouraged|strongly advised against|really not wanted",
    ),
    (
        "negpost mod:critical",
        "out of the question|is out of the question|are out of the question|a hard no|hard no",
    ),
    (
        "negpost",
        "discouraged|is discouraged|are discouraged|strongly discouraged|not recommended|"
        "undesirable|not desired|not preferred|dispreferred|frowned upon|a bad idea|bad idea|not ideal|"
        "avoided|off-limits|no-go|no go|a no-go|excluded|not welcome|not wanted|unwanted|are out|is out|"
        "blacklisted|denied|not acceptable|unacceptable|to be avoided|be avoided|is bad|are bad|is a no|"
        "is a nope|nope|not ok|not okay|is not ok|are not ok|isn't ok|aren't ok|is not okay|not fine|"
        "is not fine|isn't fine|not alright|no good|is no good|not great|is not|are not|no thanks",
    ),
    (
        "perm permverb",
        "it's fine to|it is fine to|fine to|ok to|okay to|it's ok to|it's okay to|"
        "happy for it to|happy for them to|fine for it to|ok for it to|okay for it to|"
        "it's not a problem if|it is not a problem if|not a problem if|no problem if|"
        "feel free to|you can also|you may also|you're free to|you are free to|allowed to|free to|"
        "happy to|no problem to|acceptable to|it's acceptable to|is allowed to|are allowed to|can also|"
        "could also|may also|not unwilling to|not opposed to|not against|no objection to|"
        "we're not unwilling to|not averse to|are not unwilling to|is not unwilling to|am not unwilling to|"
        "are not opposed to|is not opposed to|are not against|may be scheduled|may be placed|may be deployed|"
        "may be run|may be moved|may land|may go|can be scheduled|can be placed|can be deployed|can be moved",
    ),
    (
        "perm",
        "both fine|both are fine|either is fine|any is fine|all fine|all are fine|both ok|"
        "either works|both work|any works|either one|either of them|is fine|are fine|fine|is ok|is okay|"
        "happy on|happy with|happy to run on|happy to be on|happy to go on|happy to use|"
        "permission to use|permission to run on|permission to run|permission for|permission to|"
        "are ok|are okay|ok|okay|works|works fine|is acceptable|are acceptable|acceptable|"
        "at a push|if nothing else|only if nothing else|as a last resort|last resort|tolerable|"
        "if you must|if we must|if you have to|if need be|"
        "is tolerable|are tolerable|permitted|is permitted|are permitted|at a pinch|in a pinch|"
        "doesn't matter|does not matter|don't matter|don't care|do not care|dont care|doesn't care|"
        "does not care|doesnt care|no preference|don't worry about|do not worry about|no need to worry about|"
        "nobody cares|no one cares|nobody cares about|no one cares about|"
        "not fussed|either way|whatever|whichever|don't mind|do not mind|dont mind|no problem|"
        "not a problem|not an issue|is allowed|allowed|tolerable|tolerate|can tolerate|doesn't hurt|"
        "does not hurt|won't hurt|is alright|alright|all right|no strong feelings|indifferent|agnostic|"
        "no need|don't need|do not need|needn't|not needed|doesn't need|doesnt need|does not need|dont need|"
        "not necessarily|need not|accept|accepts|in a pinch|at a pinch|can live with|may use|"
        "can share|can share with|may share|may share with|can share a node with|can use|if you like|"
        "doesn't have to share|does not have to share|doesn't need to share|don't have to share|"
        "not important|unimportant|isn't needed|not urgent|isn't urgent|is not urgent|nothing urgent|"
        "non-urgent|not that urgent|"
        "is not needed|aren't needed|isn't necessary|is not necessary|unnecessary|not necessary|"
        "isn't important|can be|can run|can go|can land|may run|may be|is permitted|permitted|happy with|"
        "happy either way|cost is no object|no object|no constraints|no requirements|nothing fancy|"
        "don't have a preference|no particular preference|not picky|don't really care|couldn't care less|"
        "neutral|any zone|any node|any arch|any architecture|we're ok with|we are ok with|good with|"
        "fine with|ok with|okay with|irrelevant|not relevant|is secondary|secondary|a secondary concern|"
        "not a concern|is not a concern|isn't a concern|less important|of secondary importance|"
        "would do|would also do|will do|will also do|"
        "would work|would also work|also works|works too|is also fine|is fine too|also fine|also ok|"
        "is ok too|is okay too|is also ok|would be acceptable|"
        "would be ok|would be okay|would be fine|is tolerable|doesn't have to be|don't have to be|"
        "does not have to be|"
        "do not have to be|doesn't need to be|does not need to be|don't need to be|needn't be|need not be|"
        "doesn't need to|does not need to|anywhere special|no constraint|no constraint there|anywhere|"
        "doesn't need anything|does not need anything|doesnt need anything|needs nothing special|"
        "nothing special|no special requirements|no special needs|don't need anything|"
        "run them anywhere|run it anywhere|wherever there's room|wherever there is room|wherever it fits|"
        "wherever fits|wherever there's space|wherever there is space|wherever you like|wherever you want",
    ),
    (
        "drop",
        "than|over|rather than|instead of|in preference to|more than|versus|vs|as opposed to|better than|"
        "preferable to|more than|ahead of|before",
    ),
    (
        "bg",
        "took out|knocked out|took down|knocked over|wiped out|"
        "had|has had|was|were|been|got burned|got bitten|got hit|last week|last month|sits idle|sit idle|"
        "last sprint|last quarter|last year|last night|yesterday|"
        "sitting idle|sat idle|sits empty|sit empty|"
        "get hot|gets hot|get too hot|run hot|get crowded|power down|powered down|power off|shut down|"
        "is cordoned|are cordoned|is cordoned off|is drained|are drained|is offline|are offline|"
        "switch off|turn off|scale to zero|"
        "last quarter|last year|last time|last night|last run|yesterday|ago|are in|is in|are on|is on|"
        "is sat on|is sitting on|is currently on|currently on|is currently running on|currently running on|"
        "currently runs on|"
        "runs in|run in|lives in|live in|sits in|sit in|are running in|is running in|runs on|"
        "are running on|is running on|incident|incidents|outage|outages|talks to|talk to|calls|"
        "reads from|writes to|depends on|connects to|used to|previously|earlier|historically|happened|"
        "crashed|died|broke|went down|burned|burnt|caused|there was|there were|postmortem|post-mortem|"
        "lost|lost power|failed|went offline|is down|was down|had issues|had problems|has issues|"
        "has problems|overheats|overheated|spikes|spiked|kicks off|kicks this off|triggers|gets|"
        "is chatty|are chatty|is noisy|are noisy|is hungry|eats|hogs|collects|scrapes|"
        "is our|fronts|sits behind|we call|calls it|runs together with|run together with|"
        "works with|work with|works together with|runs alongside|runs with|is paired with|pairs with|"
        "integrates with|integrate with|in a pipeline|same pipeline|decommissioned|being decommissioned|"
        "is being drained|being drained|drained|deprecated|retired|retiring|under maintenance|"
        "in maintenance|down for maintenance|is broken|are broken|noisy neighbour|noisy neighbor|"
        "noisy neighbours|noisy neighbors|a noisy neighbour|a noisy neighbor|"
        "used to run|used to be|used to live|used to sit|used to land|used to go|used to get|"
        "was running|were running|ran on|ran in|was on|was in|were on|were in|was placed|were placed|"
        "was scheduled|were scheduled|got scheduled|got placed|ended up|ended up on|ended up in|"
        "landed on|landed in|came up in|came up on|came up|showed up on|showed up in|spun up in|"
        "spun up on|went to|lived on|lived in|i see|we see|i can see|emptied|being emptied|emptying|"
        "are booked|is booked|are booked by|is booked by|are taken by|is taken by|stay free for|"
        "stays free for|remain free for|remains free for|stay free|stays free|ended up next to|"
        "ended up beside|landed next to|was next to|was sitting next to|"
        "we can see|i'm seeing|we're seeing|i am seeing|we are seeing|"
        "is scheduled for|are scheduled for|scheduled for|is due for|are due for|due for|is slated for|"
        "are slated for|slated for|note that|already|"
        "we don't have|we do not have|we dont have|it's got|that's where|only has|has only|only have|"
        "sits at|is at|runs at|running at|sitting at|anything touching|is getting|are getting|"
        "is colocated with|is co-located with|are colocated with|are co-located with|is next to|"
        "are next to|cluster has|cluster consists of|mounted everywhere|"
        "available everywhere|installed everywhere|present everywhere|goes dark|go dark|goes down|"
        "go down|goes offline|go offline|fails over|is offline|are offline|is down|are down|is unavailable|"
        "are unavailable|is unreachable|are unreachable|becomes unavailable|is full|are full|don't have|"
        "doesn't have|do not have|does not have|dont have|doesnt have|don't support|doesn't support|"
        "doesn't talk to|does not talk to|don't talk to|do not talk to|have no|has no|had no|"
        "is out of|are out of|we're out of|we are out of|running out of|ran out of|run out of|"
        "maintenance schedule|maintenance window|maintenance windows|maint window|is on maintenance|"
        "are on maintenance|on maintenance|can wait|can afford to wait|happy to wait|fine to wait|"
        "ok to wait|okay to wait|can be delayed|can be late|are actually in|is actually in|are currently in|"
        "reserved for|is reserved|are reserved|belong to|belongs to|is dedicated to|are dedicated to|"
        "those are for|these are for|they are for|they're for|theyre for|that's for|that is for|are for|"
        "are only for|is only for|"
        "which are for|out of support|out of warranty|end of life|end-of-life|brown out|browns out|"
        "is live in|are live in|went live|is live on|are live on|looks healthy|look healthy|looks good|"
        "maintenance mode|in maintenance|gets reclaimed|get reclaimed|gets preempted|get preempted|"
        "keeps getting|keep getting|kept getting|goes live|go live|going live|"
        "gets evicted|get evicted|is reclaimed|are reclaimed|too slow|way too slow|too small|too old|"
        "cattle not pets|cattle, not pets|the usual suspects|cost more|costs more|cost a lot|costs a lot|"
        "have caused|has caused|had caused|misconfigured|is misconfigured|are misconfigured|"
        "asked whether|asked if|asks whether|asks if|wondered whether|wondering whether|wondering if|"
        "is being|are being|was being|were being|"
        "brownout|brownouts|runs hot|run hot|running hot|theyre out of|they're out of|"
        "is currently in|are currently on|is currently on|are now in|is now in|are now on|is now on",
    ),
    (
        "bg notice",  # a sentence marked so tells something (unless it also gives an order)
        "fyi|heads up|heads-up|just a heads up|a heads up|in case anyone wonders|in case you wonder|"
        "just so you know|for your information|for the record|btw|by the way|todo|reminder|remember|"
        "for what it's worth|for what its worth|fwiw|just saying|nothing to do with this pod|"
        "just curious|just asking|"
        "unrelated to this|"
        "note to self|psa|just noting|nothing to change|no changes needed|no change needed|no action needed|"
        "nothing to do for the scheduler|nothing for the scheduler|not a scheduling issue|"
        "not a scheduler issue|"
        "nothing to do here|no other constraints|no placement requirements|no placement constraints|"
        "not a request|not a request as such",
    ),
    (
        "bg retract",
        "ignore that|forget that|never mind|nevermind|disregard that|nvm",
    ),  # takes back what came before
    (
        "bg retract withdraw",  # takes back what came before and what its own clause names
        "disregard the earlier|ignore the earlier|disregard the previous|ignore the previous|"
        "disregard the original|ignore the original|disregard the prior|ignore the prior|"
        "is withdrawn|are withdrawn|has been withdrawn|have been withdrawn|has been removed|"
        "have been removed|no longer applies|no longer apply|is cancelled|is canceled|has been lifted|"
        "is lifted|is no longer needed|is no longer required|are no longer needed",
    ),
    (
        "retract",
        "scratch that|strike that|scrap that|forget that|ignore that|disregard that",
    ),  # also corrections: what follows them stands
    (
        "corr",
        "no wait|wait|scratch that|i mean|i meant|correction|make that|or rather|sorry i mean|"
        "might have meant|must have meant|probably meant|she meant|he meant|they meant|"
        "actually no|on second thought|on second thoughts|strike that|sorry i meant|backwards|"
        "other way round|the other way round|other way around|the other way around",
    ),
    (
        "split",
        "but|so|since|because|though|although|however|while|whereas|as long as|so long as|"
        "provided|provided that|unless|otherwise|then|given that|so that|cause|cuz|coz|"
        "if not possible|if that's not possible|if that is not possible|if it's not possible|"
        "if it is not possible|if that isn't possible|if not|failing that|if that fails|or else|else|"
        "if unavailable|if that's not an option|anyway|anyways|if they are all taken|if busy",
    ),
    ("affirm", "yes|yeah|yep|yup|sure|fine by me|please yes"),
    ("conj", "and|or|&|plus|as well as|along with|also|and also|and/or|either|too|as well|nor|or even"),
    (
        "all",
        "all|both|everything|all of it|all of them|all of the above|each|every one|the lot|"
        "all of these|all of those|those|these|all three|all four",
    ),
    (
        "pron",
        "it|them|that|those|this|one|ones|that one|the latter|the former|there|its|their|"
        "both|both of them|all of them",
    ),
    ("subj", "it's|it is|we|we'd|we're|we'll|i|i'd|i'm|i'll|you|they|let's|let|our|my"),
    (
        "filler",
        "robot arm|robot arms|robotic arm|robotic arms|an arm and a leg|arm's length|whatever is|"
        "anywhere in|anywhere on|anywhere within|anywhere inside|anywhere else|"
        "whatever's|business-critical|business critical|mission-critical|mission critical|"
        "safety-critical|warm-up|warm up|warmup|warming up|unless necessary|unless needed|"
        "anywhere with|any node with|anywhere that has|any node that has|"
        "unless it's necessary|unless it is necessary|unless really necessary|if necessary|if needed|"
        "where necessary|when necessary|"
        "nvidia|tesla|instinct|amd|could you|can you|would you|will you|at least|at minimum|"
        "minimum|min|min of|a minimum of|no less than|not less than|the|a|an|of|for|on|in|to|is|are|be|"
        "multi arch|multi-arch|multiarch|whether or not|just|not only|tbh|thanks|thank you|hey|hi|ok so|"
        "in general|generally|in the general case|as a general rule|pods in|per|x|lol|kindly|even|either|"
        "fine tune|fine tuning|fine tuned|fine tunes|finetune|finetuning|"
        "low priority|low-priority|low prio|lower priority|a low priority|quite a low priority|"
        "from|you've got|we've got|you have|we have|with|by|at|than|into|onto|as|its|it|"
        "latency critical|time critical|performance critical|timing critical|in that order of importance|"
        "in order of importance|order of importance|nothing else matters|nothing else matters much|"
        "nothing else really matters|nothing else needed|nothing else is needed|nothing else required|"
        "nothing else is required|nothing works|nothing else works|if that's busy|if it's busy|"
        "a hot cache|share a hot cache|"
        "if that one's busy|if that is busy|"
        "if it is busy|if busy|if that's full|if it's full|if full|if that one is full|"
        "on top of that|on top of this|on top of all that|on top of it all",
    ),
)

# Words after which a label value names what a node has ("must have UPS", "a box with UPS"): the
# scanner keeps such a value, and postscan's rule for first words of values does not drop it.
HAVING = frozenset({"have", "has", "having", "with"})

# What may follow a bare label value that is the whole hint ("nvme pref").
ALONE_WORDS = frozenset(
    {"please", "pls", "plz", "pref", "preferred", "ideally", "required", "needed", "mandatory", "thanks"}
)

# Label values that are everyday words need their key or a head noun next to them ("gpu pool").
COMMON_VALUES = frozenset(
    {
        "general",
        "default",
        "standard",
        "dev",
        "prod",
        "test",
        "staging",
        "main",
        "primary",
        "large",
        "small",
        "medium",
        "fast",
        "slow",
        "high",
        "low",
        "new",
        "old",
        "yes",
        "no",
        "true",
        "false",
        "on",
        "off",
        "gpu",
        "cpu",
        "memory",
        "compute",
        "storage",
        "shared",
        "public",
        "private",
        "internal",
        "external",
        "batch",
        "system",
        "infra",
        "web",
        "data",
        "best",
        "basic",
        "premium",
        "free",
        "spot",
        "enabled",
        "disabled",
        "none",
        "any",
        "all",
        "hot",
        "cold",
        "warm",
        "edge",
        "core",
        "common",
        "critical",
        "production",
        "development",
        "qa",
        "ci",
        "sandbox",
        "experimental",
        "beta",
        "alpha",
        "stable",
    }
)

# Nouns for a machine, in the singular and the plural ("one per host", "the r12 nodes").
MACHINE_NOUNS = frozenset(
    {"node", "nodes", "box", "boxes", "machine", "machines", "host", "hosts", "server", "servers"}
    | {"instance", "instances", "vm", "vms", "worker", "workers", "unit", "units"}
)
