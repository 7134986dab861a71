extension Network {
    /// The direction a board files `train`'s call `prediction` under: the platform's side where the
    /// profile reads one from its id (NYCT's `127S`), else the trip's direction, else the stop's id.
    public func boardDirection(of train: TrainReport, at prediction: StopTimePrediction) -> String {
        profile.direction(ofPlatform: prediction.stopID) ?? train.direction ?? prediction.stopID
    }
}
