from semsched_scorer.app import main

main()
